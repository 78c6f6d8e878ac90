import { Alert, Anchor, Button, Group, PasswordInput, Stack, TextInput } from "@mantine/core";
import { IconAlertCircle, IconClock } from "@tabler/icons-react";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useLocation } from "react-router";
import type { LoginState } from "@/app/guards.tsx";
import { ApiError } from "@/lib/api.ts";
import { usePageTitle } from "@/lib/page-title.ts";
import { setSession } from "@/lib/session.ts";
import { login } from "./api.ts";
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

// Two fields and a button: plain state rather than react-hook-form and zod, which the first page anyone opens
// would otherwise download (see "Bundle budget" in the README).
export default function LoginPage() {
  const { t } = useTranslation();
  const title = usePageTitle("LOGIN.TITLE");
  const location = useLocation();
  const expired = Boolean((location.state as LoginState | null)?.expired);
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  // Checked on submit only, like the other forms.
  const [errors, setErrors] = useState<LoginErrors>({});
  const [submitting, setSubmitting] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const emailInput = useRef<HTMLInputElement>(null);
  const passwordInput = useRef<HTMLInputElement>(null);

  useEffect(() => emailInput.current?.focus(), []);

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
      setSession(data);
    } catch (error) {
      setPassword("");
      setFailure(failureText(error));
      passwordInput.current?.focus();
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <AuthLayout title={title} subtitle={t("LOGIN.SUBTITLE")}>
      <form onSubmit={(event) => void onSubmit(event)} noValidate>
        <Stack gap="md">
          {expired && !failure && (
            <Alert color="blue" variant="light" icon={<IconClock />} title={t("LOGIN.SESSION_EXPIRED_TITLE")}>
              {t("AUTH.SESSION_EXPIRED")}
            </Alert>
          )}
          {failure && (
            <Alert color="red" variant="light" icon={<IconAlertCircle />} title={t("LOGIN.INVALID_TITLE")}>
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
