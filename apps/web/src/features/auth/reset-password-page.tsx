import { zodResolver } from "@hookform/resolvers/zod";
import { Alert, Anchor, Button, PasswordInput, Stack } from "@mantine/core";
import { resetForm } from "@palco/shared";
import { IconAlertCircle } from "@tabler/icons-react";
import { useEffect, useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useSearchParams } from "react-router";
import type { z } from "zod";
import { useErrorText } from "@/kit/error-text.ts";
import { asSentence } from "@/kit/format.ts";
import { ApiError } from "@/lib/api.ts";
import { flash } from "@/lib/flash.ts";
import { usePageTitle } from "@/lib/page-title.ts";
import { resetPassword } from "./api.ts";
import { AuthLayout } from "./auth-layout.tsx";

type ResetForm = z.input<typeof resetForm>;
/** A translation key (translated at render, so it follows a language switch) or a text the server translated. */
type Failure = { key: string } | { text: string };

export default function ResetPasswordPage() {
  const { t } = useTranslation();
  const title = usePageTitle("RESET_PASSWORD.TITLE");
  const errorText = useErrorText();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const token = searchParams.get("token") ?? "";
  const [failure, setFailure] = useState<Failure | null>(token ? null : { key: "AUTH.TOKEN_INVALID" });
  const { register, handleSubmit, setFocus, formState } = useForm<ResetForm>({
    resolver: zodResolver(resetForm),
    mode: "onSubmit",
    reValidateMode: "onSubmit",
    defaultValues: { password: "", confirmation: "" },
  });

  useEffect(() => setFocus("password"), [setFocus]);

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      await resetPassword(token, values.password);
      navigate("/login", flash("AUTH.RESET_DONE"));
    } catch (error) {
      // The first message of the answer's `messages` map (e.g. an expired link), else a generic text.
      const first = error instanceof ApiError ? Object.values(error.messages)[0] : undefined;
      setFailure(first ? { text: first } : { key: "FORGOT_PASSWORD.ERROR" });
    }
  });

  return (
    <AuthLayout title={title} subtitle={t("RESET_PASSWORD.SUBTITLE")}>
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          {failure && (
            <Alert color="red" variant="light" icon={<IconAlertCircle />} title={t("RESET_PASSWORD.ERROR_TITLE")}>
              {asSentence("key" in failure ? t(failure.key) : failure.text)}{" "}
              <Anchor component={Link} to="/forgot-password" size="sm" inherit>
                {t("RESET_PASSWORD.REQUEST_NEW")}
              </Anchor>
            </Alert>
          )}
          <PasswordInput
            {...register("password")}
            label={t("RESET_PASSWORD.PASSWORD")}
            autoComplete="new-password"
            error={errorText(formState.errors.password)}
          />
          <PasswordInput
            {...register("confirmation")}
            label={t("RESET_PASSWORD.CONFIRMATION")}
            autoComplete="new-password"
            error={errorText(formState.errors.confirmation)}
          />
          <Button type="submit" fullWidth loading={formState.isSubmitting}>
            {t("RESET_PASSWORD.SUBMIT")}
          </Button>
        </Stack>
      </form>
    </AuthLayout>
  );
}
