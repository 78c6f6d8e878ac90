import { Card, Group, SimpleGrid, Stack, Text, ThemeIcon, Title, UnstyledButton } from "@mantine/core";
import { IconChevronRight } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { RESOURCES } from "@/app/resources.ts";
import { type NavSection, type ResourceMeta, resourcePath } from "@/kit/resource.ts";
import { useSession } from "@/lib/session.ts";
import { useCanFn } from "@/lib/use-can.ts";

/** The menu's sections that hold built screens, in menu order. */
function groupBySection(resources: ResourceMeta[]): [NavSection, ResourceMeta[]][] {
  const groups = new Map<NavSection, ResourceMeta[]>();
  for (const meta of resources) groups.set(meta.section, [...(groups.get(meta.section) ?? []), meta]);
  return [...groups];
}

/**
 * For staff whose permissions open no report: a welcome, and links to the screens their permissions open, under
 * the menu's section names.
 */
export function Shortcuts() {
  const { t } = useTranslation();
  const session = useSession();
  const allowed = useCanFn();
  const sections = groupBySection(RESOURCES.filter((meta) => meta.load && allowed(meta.permissions.index)));
  const name = session ? session.user.firstName || session.user.email : "";
  return (
    <Stack gap="xl">
      <Card withBorder radius="md" p="xl">
        <Title order={1} fz={26} fw={650}>
          {t("DASHBOARD.WELCOME", { name })}
        </Title>
        <Text c="dimmed" mt={6}>
          {t(sections.length > 0 ? "DASHBOARD.TEXT" : "DASHBOARD.NOTHING_YET")}
        </Text>
      </Card>
      {sections.map(([section, resources]) => (
        <Stack key={section} gap="sm" component="section" aria-labelledby={`dashboard-${section}`}>
          <Title order={2} fz="md" fw={600} id={`dashboard-${section}`}>
            {t(`NAV.SECTIONS.${section}`)}
          </Title>
          <SimpleGrid cols={{ base: 1, xs: 2, md: 3, lg: 4 }} spacing="md">
            {resources.map((meta) => (
              <UnstyledButton key={meta.name} component={Link} to={resourcePath(meta)}>
                <Card withBorder radius="md" p="md" className="palco-shortcut">
                  <Group justify="space-between" wrap="nowrap">
                    <Group gap="sm" wrap="nowrap">
                      <ThemeIcon variant="light" radius="md" size={36} aria-hidden>
                        <meta.icon size={20} />
                      </ThemeIcon>
                      <Text fw={500}>{t(meta.navLabel)}</Text>
                    </Group>
                    <IconChevronRight size={16} color="var(--mantine-color-dimmed)" aria-hidden />
                  </Group>
                </Card>
              </UnstyledButton>
            ))}
          </SimpleGrid>
        </Stack>
      ))}
    </Stack>
  );
}
