import { Button, Center, Stack, Text, ThemeIcon, Title } from "@mantine/core";
import { IconLock } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { usePageTitle } from "@/lib/page-title.ts";

/** The 403 page, rendered in place of a route whose permission the user lacks (the URL is kept). */
export function ForbiddenPage() {
  const { t } = useTranslation();
  const title = usePageTitle("ERROR_PAGES.FORBIDDEN_TITLE");
  return (
    <Center py={80}>
      <Stack align="center" gap="sm" maw={460} ta="center">
        <ThemeIcon size={64} radius="xl" variant="light" color="red">
          <IconLock size={32} />
        </ThemeIcon>
        <Text c="dimmed" fw={700} fz="sm">
          403
        </Text>
        <Title order={1} fz={26}>
          {title}
        </Title>
        <Text c="dimmed">{t("ERROR_PAGES.FORBIDDEN_TEXT")}</Text>
        <Button component={Link} to="/" variant="default" mt="md">
          {t("ERROR_PAGES.GO_HOME")}
        </Button>
      </Stack>
    </Center>
  );
}
