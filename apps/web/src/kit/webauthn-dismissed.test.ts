import { WebAuthnError } from "@simplewebauthn/browser";
import { describe, expect, it } from "vitest";
import { isPasskeyPromptDismissed } from "./webauthn-dismissed.ts";

const browserError = (name: string) => Object.assign(new Error(name), { name });

describe("a passkey prompt the member closed (or let time out)", () => {
  it("is recognised as the browser reports it and as @simplewebauthn/browser v14 wraps it", () => {
    expect(isPasskeyPromptDismissed(browserError("NotAllowedError"))).toBe(true);
    const wrapped = new WebAuthnError({
      message: "The operation either timed out or was not allowed",
      code: "ERROR_PASSTHROUGH_SEE_CAUSE_PROPERTY",
      cause: browserError("NotAllowedError"),
    });
    expect(isPasskeyPromptDismissed(wrapped)).toBe(true);
    const renamed = new WebAuthnError({
      message: "wrapped",
      code: "ERROR_PASSTHROUGH_SEE_CAUSE_PROPERTY",
      cause: browserError("NotAllowedError"),
      name: "WebAuthnError",
    });
    expect(isPasskeyPromptDismissed(renamed)).toBe(true);
    expect(
      isPasskeyPromptDismissed(
        new WebAuthnError({ message: "aborted", code: "ERROR_CEREMONY_ABORTED", cause: browserError("AbortError") }),
      ),
    ).toBe(true);
  });

  it("is not another failure", () => {
    expect(isPasskeyPromptDismissed(browserError("SecurityError"))).toBe(false);
    expect(
      isPasskeyPromptDismissed(
        new WebAuthnError({
          message: "registered",
          code: "ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED",
          cause: browserError("InvalidStateError"),
        }),
      ),
    ).toBe(false);
    expect(isPasskeyPromptDismissed("NotAllowedError")).toBe(false);
  });
});

describe("the Security page's reading of a failed passkey registration", async () => {
  const { browserRefusalKey } = await import("@/features/security/passkeys-section.tsx");

  it("calls a closed prompt cancelled, not a failure to add the passkey", () => {
    const wrapped = new WebAuthnError({
      message: "The operation either timed out or was not allowed",
      code: "ERROR_PASSTHROUGH_SEE_CAUSE_PROPERTY",
      cause: browserError("NotAllowedError"),
    });
    expect(browserRefusalKey(wrapped)).toBe("SECURITY.PASSKEYS.CANCELLED");
    expect(browserRefusalKey(browserError("NotAllowedError"))).toBe("SECURITY.PASSKEYS.CANCELLED");
    expect(
      browserRefusalKey(
        new WebAuthnError({
          message: "registered",
          code: "ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED",
          cause: browserError("InvalidStateError"),
        }),
      ),
    ).toBe("SECURITY.PASSKEYS.ALREADY_REGISTERED");
    expect(browserRefusalKey(new Error("server"))).toBeNull();
  });
});
