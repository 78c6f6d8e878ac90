import { Card, Stack, Text, ThemeIcon, Title } from "@mantine/core";
import type { Icon } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { usePageTitle } from "@/lib/page-title.ts";
import { PageHeader } from "./page-header.tsx";

/** Placeholder for a section whose screens are not built yet (still guarded by its permission). */
export function ComingSoonPage({ titleKey, icon: IconComponent }: { titleKey: string; icon: Icon }) {
  const { t } = useTranslation();
  const title = usePageTitle(titleKey);
  return (
    <>
      <PageHeader title={title} />
      <Card withBorder radius="md" py={64}>
        <Stack align="center" gap="sm">
          <ThemeIcon size={56} radius="xl" variant="light">
            <IconComponent size={28} />
          </ThemeIcon>
          <Title order={2} fz="lg" fw={600}>
            {t("COMING_SOON.TITLE")}
          </Title>
          <Text c="dimmed" ta="center" maw={420}>
            {t("COMING_SOON.TEXT")}
          </Text>
        </Stack>
      </Card>
    </>
  );
}
