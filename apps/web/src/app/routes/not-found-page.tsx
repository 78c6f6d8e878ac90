import { Button, Center, Stack, Text, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { usePageTitle } from "@/lib/page-title.ts";

export default function NotFoundPage() {
  const { t } = useTranslation();
  const title = usePageTitle("ERROR_PAGES.NOT_FOUND_TITLE");
  return (
    <Center py={80}>
      <Stack align="center" gap="sm" maw={460} ta="center">
        <Text c="dimmed" fw={700} fz={48} lh={1}>
          404
        </Text>
        <Title order={1} fz={26}>
          {title}
        </Title>
        <Text c="dimmed">{t("ERROR_PAGES.NOT_FOUND_TEXT")}</Text>
        <Button component={Link} to="/" variant="default" mt="md">
          {t("ERROR_PAGES.GO_HOME")}
        </Button>
      </Stack>
    </Center>
  );
}
