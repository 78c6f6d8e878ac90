import { Button, Center, Stack, Text, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { useRouteError } from "react-router";

/** Last-resort boundary (for example a page chunk that failed to download after a deploy). */
export function RootError() {
  const { t } = useTranslation();
  const error = useRouteError();
  // In the console as well, so a report from the field can say what broke.
  console.error(error);
  return (
    <Center mih="100vh" p="md">
      <Stack align="center" gap="sm" maw={460} ta="center">
        <Title order={1} fz={26}>
          {t("ERROR_PAGES.UNEXPECTED_TITLE")}
        </Title>
        <Text c="dimmed">{t("ERROR_PAGES.UNEXPECTED_TEXT")}</Text>
        <Button mt="md" onClick={() => window.location.reload()}>
          {t("ERROR_PAGES.RELOAD")}
        </Button>
      </Stack>
    </Center>
  );
}

export function FullPageLoader() {
  const { t } = useTranslation();
  return (
    <Center mih="100vh">
      <span className="palco-boot-spinner" role="status" aria-label={t("COMMON.LOADING")} />
    </Center>
  );
}
