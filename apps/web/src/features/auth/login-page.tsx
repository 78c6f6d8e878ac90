import { Alert, Anchor, Button, Group, Loader, PasswordInput, Stack, TextInput } from "@mantine/core";
import type { MfaChallenge } from "@palco/shared";
import { IconAlertCircle, IconClock } from "@tabler/icons-react";
import { type FormEvent, lazy, Suspense, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useLocation } from "react-router";
import type { LoginState } from "@/app/guards.tsx";
import { ApiError } from "@/lib/api.ts";
import { loadFeatureTexts } from "@/lib/i18n.ts";
import { usePageTitle } from "@/lib/page-title.ts";
import { prerenderedFocus, prerenderedSubmit, prerenderedValue } from "@/lib/prerendered.ts";
import { setSession } from "@/lib/session.ts";
import { isMfaChallenge, login } from "./api.ts";
import { AuthLayout } from "./auth-layout.tsx";
import { type LoginErrors, validateLogin } from "./login-form.ts";

function failureText(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.status === 429) return "AUTH.TOO_MANY_ATTEMPTS";
    // Blocked or not yet activated account.
    if (error.status === 403) return "AUTH.ACCOUNT_INACTIVE";
    if (error.status === 0 || error.status >= 500) return "ERRORS.INTERNAL";
  }
  return "AUTH.INVALID_CREDENTIALS";
}

/** The first step's alert titles other than "Invalid information". */
const FAILURE_TITLES: Record<string, string> = { "MFA.CHALLENGE_EXPIRED": "SECOND_STEP.EXPIRED_TITLE" };

// Only members with a second factor need it (screen and texts): loaded when the password was right and one is asked.
const loadSecondStep = () =>
  Promise.all([import("./second-step.tsx"), loadFeatureTexts("secondFactor")]).then(([module]) => module);
const SecondStep = lazy(loadSecondStep);

export default function LoginPage() {
  const { t } = useTranslation();
  const title = usePageTitle("LOGIN.TITLE");
  const location = useLocation();
  const expired = Boolean((location.state as LoginState | null)?.expired);
  // What the member typed into the prerendered page before the app started, if anything.
  const [email, setEmail] = useState(() => prerenderedValue("email"));
  const [password, setPassword] = useState(() => prerenderedValue("password"));
  // Checked on submit only, like the other forms.
  const [errors, setErrors] = useState<LoginErrors>({});
  const [submitting, setSubmitting] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  /** Set when the password was right and the account has a second factor. */
  const [challenge, setChallenge] = useState<MfaChallenge | null>(null);
  const emailInput = useRef<HTMLInputElement>(null);
  const passwordInput = useRef<HTMLInputElement>(null);
  const form = useRef<HTMLFormElement>(null);

  // Sent from the prerendered page before the app started: send it now, with what was typed.
  useEffect(() => {
    if (prerenderedSubmit()) form.current?.requestSubmit();
  }, []);

  // On the first step, each time it shows (again): the field the member was typing in on the prerendered page, else
  // the e-mail, or the password once the e-mail is typed.
  useEffect(() => {
    if (challenge) return;
    const typingIn = prerenderedFocus();
    if (typingIn === "email") emailInput.current?.focus();
    else if (emailInput.current?.value || typingIn === "password") passwordInput.current?.focus();
    else emailInput.current?.focus();
  }, [challenge]);

  // On success the session changes and the public-route guard sends the user where they were going.
  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (submitting) return;
    const found = validateLogin({ email, password });
    setErrors(found);
    if (found.email) return emailInput.current?.focus();
    if (found.password) return passwordInput.current?.focus();
    setFailure(null);
    setSubmitting(true);
    try {
      const { data } = await login(email.trim(), password);
      if (isMfaChallenge(data)) {
        // Shown whole at once, title included; a failed load is retried by the lazy component.
        await loadSecondStep().catch(() => undefined);
        setPassword("");
        setChallenge(data);
      } else setSession(data);
    } catch (error) {
      setPassword("");
      setFailure(failureText(error));
      passwordInput.current?.focus();
    } finally {
      setSubmitting(false);
    }
  };

  const restart = (reason: string | null) => {
    setChallenge(null);
    setFailure(reason);
  };

  if (challenge) {
    return (
      <AuthLayout
        title={t("SECOND_STEP.TITLE")}
        subtitle={t(challenge.methods.includes("passkey") ? "SECOND_STEP.SUBTITLE_PASSKEY" : "SECOND_STEP.SUBTITLE")}
      >
        <Suspense fallback={<Loader size="sm" mx="auto" display="block" aria-label={t("COMMON.LOADING")} />}>
          <SecondStep challenge={challenge} onRestart={restart} />
        </Suspense>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout title={title} subtitle={t("LOGIN.SUBTITLE")}>
      {/* POST: a browser without scripts must not put the password in the address (the prerendered page). */}
      <form ref={form} method="post" onSubmit={(event) => void onSubmit(event)} noValidate>
        <Stack gap="md">
          {expired && !failure && (
            <Alert color="blue" variant="light" icon={<IconClock />} title={t("LOGIN.SESSION_EXPIRED_TITLE")}>
              {t("AUTH.SESSION_EXPIRED")}
            </Alert>
          )}
          {failure && (
            <Alert
              color="red"
              variant="light"
              icon={<IconAlertCircle />}
              title={t(FAILURE_TITLES[failure] ?? "LOGIN.INVALID_TITLE")}
            >
              {t(failure)}
            </Alert>
          )}
          <TextInput
            ref={emailInput}
            name="email"
            value={email}
            onChange={(event) => setEmail(event.currentTarget.value)}
            label={t("LOGIN.EMAIL")}
            type="email"
            autoComplete="username"
            error={errors.email && t(errors.email)}
          />
          <PasswordInput
            ref={passwordInput}
            name="password"
            value={password}
            onChange={(event) => setPassword(event.currentTarget.value)}
            label={t("LOGIN.PASSWORD")}
            autoComplete="current-password"
            error={errors.password && t(errors.password)}
          />
          <Group justify="flex-end">
            <Anchor component={Link} to="/forgot-password" size="sm">
              {t("LOGIN.FORGOT")}
            </Anchor>
          </Group>
          <Button type="submit" fullWidth loading={submitting}>
            {t("LOGIN.SUBMIT")}
          </Button>
        </Stack>
      </form>
    </AuthLayout>
  );
}
