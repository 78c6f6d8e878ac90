/**
 * Whether the browser's passkey prompt was closed by the member or timed out, rather than failing. Browsers report
 * both as NotAllowedError (on purpose: a page must not learn whether a passkey exists); @simplewebauthn/browser v14
 * wraps it in a WebAuthnError whose code is ERROR_PASSTHROUGH_SEE_CAUSE_PROPERTY and whose cause is the browser's
 * error. Duck-typed, so the pages that check it do not load the library for it.
 */
export function isPasskeyPromptDismissed(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const { code } = error as { code?: unknown };
  if (code === "ERROR_CEREMONY_ABORTED") return true;
  if (error.name === "NotAllowedError" || error.name === "AbortError") return true;
  const { cause } = error as { cause?: unknown };
  return cause instanceof Error && cause.name === "NotAllowedError";
}
