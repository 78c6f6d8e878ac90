import { Box, Group, Skeleton, Table, Text } from "@mantine/core";
import type { AuditChanges, AuditEntry } from "@palco/shared/resources/audit";
import { IconArrowRight } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { loadAuditTexts } from "@/lib/i18n.ts";
import { auditFieldLabel, auditValueText } from "./audit-labels.ts";
import { formatDateTime } from "./format.ts";

/** Whether those texts are here (or failed to come: the names themselves are shown then). */
function useAuditTexts(): boolean {
  return !useQuery({ queryKey: ["feature-texts", "audit"], queryFn: loadAuditTexts, staleTime: Infinity }).isPending;
}

/** Field name → label translation key, for a screen that names its fields its own way (the fee settings). */
export type FieldLabels = Record<string, string>;

/** The changed fields of one entry as a compact table: field, before → after, by their labels. */
export function ChangeTable({
  changes,
  resource,
  labels,
}: {
  changes: AuditChanges;
  /** The entry's resource ("owners"): its values read with that resource's labels. */
  resource: string;
  labels?: FieldLabels | undefined;
}) {
  const { t } = useTranslation();
  const ready = useAuditTexts();
  const fields = Object.entries(changes);
  if (!ready) return <Skeleton height={18} width="60%" />;
  if (fields.length === 0)
    return (
      <Text size="sm" c="dimmed">
        {t("AUDIT.NO_FIELD_CHANGES")}
      </Text>
    );
  return (
    <Table fz="sm" verticalSpacing={4} withRowBorders={false} layout="fixed">
      <Table.Thead>
        <Table.Tr>
          <Table.Th w="30%">{t("AUDIT.FIELD")}</Table.Th>
          <Table.Th>{t("AUDIT.BEFORE")}</Table.Th>
          <Table.Th w={24} aria-hidden />
          <Table.Th>{t("AUDIT.AFTER")}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {fields.map(([field, [before, after]]) => (
          <Table.Tr key={field}>
            <Table.Td fw={600} style={{ overflowWrap: "anywhere" }}>
              {labels?.[field] ? t(labels[field]) : auditFieldLabel(field, t)}
            </Table.Td>
            <Table.Td style={{ overflowWrap: "anywhere" }}>{auditValueText(before, t, { resource, field })}</Table.Td>
            <Table.Td aria-hidden>
              <IconArrowRight size={14} />
            </Table.Td>
            <Table.Td style={{ overflowWrap: "anywhere" }}>{auditValueText(after, t, { resource, field })}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** Who did what, when: the heading line of an entry. */
export function EntryHeading({ entry }: { entry: AuditEntry }) {
  const { t } = useTranslation();
  return (
    <Group gap={6} wrap="wrap">
      <Text size="sm" fw={600}>
        {entry.actor.name ?? t("AUDIT.NOBODY")}
      </Text>
      <Text size="sm">{t(`AUDIT.ACTIONS.${entry.action}`, { defaultValue: entry.action })}</Text>
      <Box component="time" dateTime={entry.at} fz="sm" c="dimmed">
        {formatDateTime(entry.at)}
      </Box>
    </Group>
  );
}
