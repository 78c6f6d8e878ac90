import { Button, Stack, Text, ThemeIcon } from "@mantine/core";
import { IconCircleCheck, IconLinkOff, IconMailCheck } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import { usePageTitle } from "@/lib/page-title.ts";
import { verifyEmail } from "./api.ts";
import { AuthLayout } from "./auth-layout.tsx";

type Status = "initial" | "pending" | "success" | "error";

/** E-mail verification: initial (Verify my account), then success or error. */
export default function ActivateAccountPage() {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const token = searchParams.get("token") ?? "";
  const [status, setStatus] = useState<Status>("initial");
  const titleKey =
    status === "success"
      ? "ACTIVATE_ACCOUNT.SUCCESS_TITLE"
      : status === "error"
        ? "ACTIVATE_ACCOUNT.ERROR_TITLE"
        : "ACTIVATE_ACCOUNT.TITLE";
  const title = usePageTitle(titleKey);

  const verify = async () => {
    if (!token) {
      setStatus("error");
      return;
    }
    setStatus("pending");
    try {
      await verifyEmail(token);
      setStatus("success");
    } catch {
      setStatus("error");
    }
  };

  if (status === "success" || status === "error") {
    const success = status === "success";
    return (
      <AuthLayout title={title}>
        <Stack gap="md" role="status">
          <ThemeIcon size={48} radius="xl" variant="light" color={success ? "teal" : "red"}>
            {success ? <IconCircleCheck size={26} /> : <IconLinkOff size={26} />}
          </ThemeIcon>
          <Text>{t(success ? "ACTIVATE_ACCOUNT.SUCCESS_TEXT" : "ACTIVATE_ACCOUNT.ERROR_TEXT")}</Text>
          <Button component={Link} to="/login" fullWidth mt="sm" variant={success ? "filled" : "default"}>
            {t("ACTIVATE_ACCOUNT.GO_TO_LOGIN")}
          </Button>
        </Stack>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout title={title}>
      <Stack gap="md">
        <ThemeIcon size={48} radius="xl" variant="light">
          <IconMailCheck size={26} />
        </ThemeIcon>
        <Text>{t("ACTIVATE_ACCOUNT.TEXT")}</Text>
        <Button fullWidth mt="sm" onClick={() => void verify()} loading={status === "pending"}>
          {t("ACTIVATE_ACCOUNT.SUBMIT")}
        </Button>
      </Stack>
    </AuthLayout>
  );
}
