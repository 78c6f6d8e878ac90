import { Card, Group, SimpleGrid, Stack, Text, ThemeIcon, Title, UnstyledButton } from "@mantine/core";
import { IconChevronRight } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { usePageTitle } from "@/lib/page-title.ts";
import { useSession } from "@/lib/session.ts";
import { useCanFn } from "@/lib/use-can.ts";
import { NAV_ITEMS } from "../resources.ts";

/** Placeholder dashboard: a welcome card and shortcuts to the sections the user may open. */
export default function DashboardPage() {
  const { t } = useTranslation();
  usePageTitle("DASHBOARD.TITLE");
  const session = useSession();
  const allowed = useCanFn();
  const sections = NAV_ITEMS.filter((item) => item.path !== "/" && allowed(item.permission));
  const name = session ? session.user.firstName || session.user.email : "";

  return (
    <Stack gap="xl">
      <Card withBorder radius="md" p="xl">
        <Title order={1} fz={26} fw={650}>
          {t("DASHBOARD.WELCOME", { name })}
        </Title>
        <Text c="dimmed" mt={6}>
          {t("DASHBOARD.TEXT")}
        </Text>
      </Card>
      {sections.length > 0 && (
        <Stack gap="sm">
          <Title order={2} fz="md" fw={600}>
            {t("DASHBOARD.SECTIONS")}
          </Title>
          <SimpleGrid cols={{ base: 1, xs: 2, md: 3, lg: 4 }} spacing="md">
            {sections.map((item) => (
              <UnstyledButton key={item.path} component={Link} to={item.path}>
                <Card withBorder radius="md" p="md" className="palco-shortcut">
                  <Group justify="space-between" wrap="nowrap">
                    <Group gap="sm" wrap="nowrap">
                      <ThemeIcon variant="light" radius="md" size={36}>
                        <item.icon size={20} />
                      </ThemeIcon>
                      <Text fw={500}>{t(item.label)}</Text>
                    </Group>
                    <IconChevronRight size={16} color="var(--mantine-color-dimmed)" aria-hidden />
                  </Group>
                </Card>
              </UnstyledButton>
            ))}
          </SimpleGrid>
        </Stack>
      )}
    </Stack>
  );
}
