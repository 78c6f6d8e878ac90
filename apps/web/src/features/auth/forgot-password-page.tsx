import { zodResolver } from "@hookform/resolvers/zod";
import { Alert, Anchor, Button, Center, Stack, TextInput } from "@mantine/core";
import { forgotBody } from "@palco/shared";
import { IconAlertCircle, IconArrowLeft } from "@tabler/icons-react";
import { useEffect, useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import type { z } from "zod";
import { useErrorText } from "@/kit/error-text.ts";
import { usePageTitle } from "@/lib/page-title.ts";
import { requestPasswordReset } from "./api.ts";
import { AuthLayout } from "./auth-layout.tsx";

export default function ForgotPasswordPage() {
  const { t } = useTranslation();
  const title = usePageTitle("FORGOT_PASSWORD.TITLE");
  const errorText = useErrorText();
  const navigate = useNavigate();
  const [failed, setFailed] = useState(false);
  const { register, handleSubmit, setFocus, formState } = useForm<z.input<typeof forgotBody>>({
    resolver: zodResolver(forgotBody),
    mode: "onSubmit",
    reValidateMode: "onSubmit",
    defaultValues: { email: "" },
  });

  useEffect(() => setFocus("email"), [setFocus]);

  const onSubmit = handleSubmit(async (values) => {
    setFailed(false);
    try {
      await requestPasswordReset(values.email);
      navigate("/password-reset-link-sent");
    } catch {
      setFailed(true);
    }
  });

  return (
    <AuthLayout title={title} subtitle={t("FORGOT_PASSWORD.SUBTITLE")}>
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          {failed && (
            <Alert color="red" variant="light" icon={<IconAlertCircle />}>
              {t("FORGOT_PASSWORD.ERROR")}
            </Alert>
          )}
          <TextInput
            {...register("email")}
            label={t("LOGIN.EMAIL")}
            type="email"
            autoComplete="email"
            error={errorText(formState.errors.email)}
          />
          <Button type="submit" fullWidth loading={formState.isSubmitting}>
            {t("FORGOT_PASSWORD.SUBMIT")}
          </Button>
          <Center>
            <Anchor component={Link} to="/login" size="sm">
              <IconArrowLeft size={14} style={{ verticalAlign: "-2px", marginRight: 4 }} aria-hidden />
              {t("FORGOT_PASSWORD.BACK_TO_LOGIN")}
            </Anchor>
          </Center>
        </Stack>
      </form>
    </AuthLayout>
  );
}
