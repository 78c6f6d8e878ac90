import { Button, Stack, Text, ThemeIcon } from "@mantine/core";
import { IconMailCheck } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { usePageTitle } from "@/lib/page-title.ts";
import { AuthLayout } from "./auth-layout.tsx";

export default function PasswordResetLinkSentPage() {
  const { t } = useTranslation();
  const title = usePageTitle("PASSWORD_RESET_LINK_SENT.TITLE");
  return (
    <AuthLayout title={title}>
      <Stack gap="md">
        <ThemeIcon size={48} radius="xl" variant="light" color="teal">
          <IconMailCheck size={26} />
        </ThemeIcon>
        <Text>{t("PASSWORD_RESET_LINK_SENT.TEXT")}</Text>
        <Text size="sm" c="dimmed">
          {t("PASSWORD_RESET_LINK_SENT.HINT")}
        </Text>
        <Button component={Link} to="/login" fullWidth mt="sm">
          {t("PASSWORD_RESET_LINK_SENT.BACK_TO_LOGIN")}
        </Button>
      </Stack>
    </AuthLayout>
  );
}
