import { zodResolver } from "@hookform/resolvers/zod";
import { Alert, Anchor, Button, Group, PasswordInput, Stack, TextInput } from "@mantine/core";
import { email } from "@palco/shared";
import { IconAlertCircle, IconClock } from "@tabler/icons-react";
import { useEffect, useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { Link, useLocation } from "react-router";
import { z } from "zod";
import type { LoginState } from "@/app/guards.tsx";
import { useErrorText } from "@/kit/error-text.ts";
import { ApiError } from "@/lib/api.ts";
import { usePageTitle } from "@/lib/page-title.ts";
import { setSession } from "@/lib/session.ts";
import { login } from "./api.ts";
import { AuthLayout } from "./auth-layout.tsx";

const loginForm = z.object({
  email,
  password: z.string().min(1, "VALIDATION.REQUIRED"),
});
type LoginForm = z.input<typeof loginForm>;

function failureText(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.status === 429) return "AUTH.TOO_MANY_ATTEMPTS";
    // Blocked or not yet activated account.
    if (error.status === 403) return "AUTH.ACCOUNT_INACTIVE";
    if (error.status === 0 || error.status >= 500) return "ERRORS.INTERNAL";
  }
  return "AUTH.INVALID_CREDENTIALS";
}

export default function LoginPage() {
  const { t } = useTranslation();
  const title = usePageTitle("LOGIN.TITLE");
  const errorText = useErrorText();
  const location = useLocation();
  const expired = Boolean((location.state as LoginState | null)?.expired);
  const [failure, setFailure] = useState<string | null>(null);
  const { register, handleSubmit, setFocus, setValue, formState } = useForm<LoginForm>({
    resolver: zodResolver(loginForm),
    mode: "onSubmit",
    reValidateMode: "onSubmit",
    defaultValues: { email: "", password: "" },
  });

  useEffect(() => setFocus("email"), [setFocus]);

  // On success the session changes and the public-route guard sends the user where they were going.
  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      const { data } = await login(values.email, values.password);
      setSession(data);
    } catch (error) {
      setValue("password", "");
      setFailure(failureText(error));
      setFocus("password");
    }
  });

  return (
    <AuthLayout title={title} subtitle={t("LOGIN.SUBTITLE")}>
      <form onSubmit={onSubmit} noValidate>
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
            {...register("email")}
            label={t("LOGIN.EMAIL")}
            type="email"
            autoComplete="username"
            error={errorText(formState.errors.email)}
          />
          <PasswordInput
            {...register("password")}
            label={t("LOGIN.PASSWORD")}
            autoComplete="current-password"
            error={errorText(formState.errors.password)}
          />
          <Group justify="flex-end">
            <Anchor component={Link} to="/forgot-password" size="sm">
              {t("LOGIN.FORGOT")}
            </Anchor>
          </Group>
          <Button type="submit" fullWidth loading={formState.isSubmitting}>
            {t("LOGIN.SUBMIT")}
          </Button>
        </Stack>
      </form>
    </AuthLayout>
  );
}
