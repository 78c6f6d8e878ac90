import { Alert, Anchor, Button, Divider, Group, PasswordInput, Stack, TextInput } from "@mantine/core";
import type { StepUpMethod, WebAuthnResponse } from "@palco/shared";
import { IconAlertCircle, IconFingerprint } from "@tabler/icons-react";
import { type ChangeEvent, type FormEvent, type ReactNode, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { ApiError } from "@/lib/api.ts";
import { firstTypedMethod, normaliseCode, type TypedMethod, validateAnswer } from "./second-factor.ts";
import { isPasskeyPromptDismissed } from "./webauthn-dismissed.ts";

/** What the member proved themselves with, as POST /api/auth/login/mfa and /api/auth/step-up take it. */
export type SecondFactorProof =
  | { method: "totp" | "recovery"; code: string }
  | { method: "passkey"; response: WebAuthnResponse }
  | { method: "password"; password: string };

type Props = {
  methods: readonly StepUpMethod[];
  /** WebAuthn request options for `startAuthentication`, with `passkey` among the methods. */
  passkeyOptions?: Record<string, unknown>;
  /** Sends the proof. A 422 is shown here, under the field (or the passkey button); anything else goes to onFailure. */
  onProof: (proof: SecondFactorProof) => Promise<void>;
  onFailure: (error: unknown) => void;
  submitLabel: string;
  /** Below the submit button: "Back to sign in", "Cancel". */
  footer?: ReactNode;
  /**
   * The passkey's answer reached the server and was refused: its challenge is spent, so another try needs new
   * `passkeyOptions` (the step-up asks for them; the sign-in's challenge stays good until it expires).
   */
  onPasskeySpent?: () => void;
  /** New `passkeyOptions` are on their way: the passkey button waits for them. */
  passkeyRenewing?: boolean;
};

/** Loaded with the second step, not the first page: only members with a passkey need it. */
const loadWebAuthn = () => import("@simplewebauthn/browser");

type FieldError = { key: string } | { text: string };

/** A 422's text for the typed answer or the passkey: the field's, else the general one. */
function refusalText(error: ApiError, field: string): string | undefined {
  const { messages } = error;
  return messages[field] ?? messages.general ?? Object.values(messages)[0];
}

/**
 * The second step, for the sign-in page and the step-up modal: a passkey button first when the member has one, then
 * the field for the authenticator app's code, with a switch to a recovery code (or the password, for a step-up of a
 * member without a factor). The field takes the focus as it appears, so the member can type the code at once.
 */
export function SecondFactorForm({
  methods,
  passkeyOptions,
  onProof,
  onFailure,
  submitLabel,
  footer,
  onPasskeySpent,
  passkeyRenewing = false,
}: Props) {
  const { t } = useTranslation();
  const withPasskey = methods.includes("passkey") && passkeyOptions !== undefined;
  const typedMethods = methods.filter((method): method is TypedMethod => method !== "passkey");
  // A passkey and only recovery codes besides: the passkey is the way in, a recovery code the fallback on request.
  const passkeyFirst = withPasskey && typedMethods.length === 1 && typedMethods[0] === "recovery";
  const [typedShown, setTypedShown] = useState(!passkeyFirst);
  const [method, setMethod] = useState<TypedMethod>(() => firstTypedMethod(methods));
  const [value, setValue] = useState("");
  const [fieldError, setFieldError] = useState<FieldError | null>(null);
  const [passkeyError, setPasskeyError] = useState<FieldError | null>(null);
  const [busy, setBusy] = useState<"passkey" | "typed" | null>(null);
  const field = useRef<HTMLInputElement>(null);
  const passkeyButton = useRef<HTMLButtonElement>(null);

  // A member with a passkey will likely use it: have the library ready so the click goes straight to the browser.
  useEffect(() => {
    if (withPasskey) void loadWebAuthn().catch(() => undefined);
  }, [withPasskey]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: focus the field each time it changes to another answer
  useEffect(() => {
    if (typedMethods.length > 0 && typedShown) field.current?.focus();
    else passkeyButton.current?.focus();
  }, [method, typedShown]);

  const send = async (proof: SecondFactorProof, kind: "passkey" | "typed") => {
    setBusy(kind);
    try {
      await onProof(proof);
    } catch (error) {
      if (kind === "passkey") onPasskeySpent?.();
      if (error instanceof ApiError && error.status === 422) {
        if (kind === "passkey") {
          setPasskeyError({ text: refusalText(error, "response") ?? t("SECOND_STEP.PASSKEY_FAILED") });
        } else {
          setValue("");
          setFieldError({ text: refusalText(error, method === "password" ? "password" : "code") ?? "" });
          field.current?.focus();
        }
      } else onFailure(error);
    } finally {
      setBusy(null);
    }
  };

  const proveWithPasskey = async () => {
    if (busy || passkeyRenewing || !passkeyOptions) return;
    setPasskeyError(null);
    setBusy("passkey");
    let response: WebAuthnResponse;
    try {
      const { startAuthentication } = await loadWebAuthn();
      const answer = await startAuthentication({ optionsJSON: passkeyOptions as never });
      response = answer as unknown as WebAuthnResponse;
    } catch (error) {
      // A closed or timed-out prompt (also how browsers hide that no passkey of this account is on this device).
      setBusy(null);
      setPasskeyError({
        key: isPasskeyPromptDismissed(error) ? "SECOND_STEP.PASSKEY_CANCELLED" : "SECOND_STEP.PASSKEY_FAILED",
      });
      return;
    }
    await send({ method: "passkey", response }, "passkey");
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const problem = validateAnswer(method, value);
    if (problem) {
      setFieldError({ key: problem });
      field.current?.focus();
      return;
    }
    setFieldError(null);
    const proof: SecondFactorProof =
      method === "password" ? { method, password: value } : { method, code: normaliseCode(method, value) };
    void send(proof, "typed");
  };

  const switchTo = (next: TypedMethod) => {
    setMethod(next);
    setValue("");
    setFieldError(null);
  };

  const textOf = (error: FieldError | null) => (error ? ("key" in error ? t(error.key) : error.text) : undefined);
  const alternative: TypedMethod | null =
    method !== "recovery" && typedMethods.includes("recovery")
      ? "recovery"
      : method === "recovery"
        ? (typedMethods.find((other) => other !== "recovery") ?? null)
        : null;
  const fieldProps = {
    ref: field,
    name: method === "password" ? "password" : "code",
    value,
    onChange: (event: ChangeEvent<HTMLInputElement>) => setValue(event.currentTarget.value),
    error: textOf(fieldError),
    "data-autofocus": true,
  };

  return (
    <Stack gap="md">
      {withPasskey && (
        <Stack gap="xs">
          <Button
            ref={passkeyButton}
            leftSection={<IconFingerprint size={18} aria-hidden />}
            fullWidth
            loading={busy === "passkey" || passkeyRenewing}
            disabled={busy === "typed"}
            onClick={() => void proveWithPasskey()}
            data-autofocus={typedMethods.length === 0 || !typedShown || undefined}
          >
            {t("SECOND_STEP.USE_PASSKEY")}
          </Button>
          {passkeyError && (
            <Alert color="red" variant="light" icon={<IconAlertCircle />} role="alert">
              {textOf(passkeyError)}
            </Alert>
          )}
        </Stack>
      )}
      {withPasskey && typedMethods.length > 0 && typedShown && (
        <Divider label={t("COMMON.OR")} labelPosition="center" />
      )}
      {typedMethods.length > 0 && !typedShown && (
        <Group justify="flex-end">
          <Anchor component="button" type="button" size="sm" onClick={() => setTypedShown(true)}>
            {t("SECOND_STEP.USE_RECOVERY")}
          </Anchor>
        </Group>
      )}
      {typedMethods.length > 0 && typedShown && (
        <form onSubmit={onSubmit} noValidate>
          <Stack gap="md">
            {method === "password" ? (
              <PasswordInput {...fieldProps} label={t("SECOND_STEP.PASSWORD")} autoComplete="current-password" />
            ) : method === "totp" ? (
              <TextInput
                {...fieldProps}
                label={t("SECOND_STEP.CODE")}
                description={t("SECOND_STEP.CODE_HINT")}
                inputWrapperOrder={["label", "input", "description", "error"]}
                autoComplete="one-time-code"
                inputMode="numeric"
                maxLength={12}
              />
            ) : (
              <TextInput
                {...fieldProps}
                label={t("SECOND_STEP.RECOVERY_CODE")}
                description={t("SECOND_STEP.RECOVERY_HINT")}
                inputWrapperOrder={["label", "input", "description", "error"]}
                autoComplete="off"
                autoCapitalize="none"
                spellCheck={false}
                maxLength={40}
              />
            )}
            {alternative && (
              <Group justify="flex-end">
                <Anchor component="button" type="button" size="sm" onClick={() => switchTo(alternative)}>
                  {t(
                    alternative === "recovery"
                      ? "SECOND_STEP.USE_RECOVERY"
                      : alternative === "totp"
                        ? "SECOND_STEP.USE_APP"
                        : "SECOND_STEP.USE_PASSWORD",
                  )}
                </Anchor>
              </Group>
            )}
            <Button type="submit" fullWidth loading={busy === "typed"} disabled={busy === "passkey"}>
              {submitLabel}
            </Button>
          </Stack>
        </form>
      )}
      {footer}
    </Stack>
  );
}
