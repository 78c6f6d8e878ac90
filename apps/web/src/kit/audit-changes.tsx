import { Box, Group, Table, Text } from "@mantine/core";
import { AUDIT_REDACTED, type AuditChanges, type AuditEntry } from "@palco/shared/resources/audit";
import { IconArrowRight } from "@tabler/icons-react";
import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import { formatDateTime } from "./format.ts";

/** A recorded value as a person reads it: names of joined records, Yes/No, dates, lists joined. */
export function auditValueText(value: unknown, t: TFunction): string {
  if (value === null || value === undefined || value === "") return "—";
  if (value === AUDIT_REDACTED) return t("AUDIT.HIDDEN");
  if (typeof value === "boolean") return t(value ? "COMMON.YES" : "COMMON.NO");
  if (typeof value === "string" && /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(value)) return formatDateTime(value);
  if (Array.isArray(value)) return value.length === 0 ? "—" : value.map((item) => auditValueText(item, t)).join(", ");
  if (typeof value === "object") {
    const named = value as { name?: unknown; code?: unknown; description?: unknown };
    if (typeof named.name === "string") return named.name;
    if (typeof named.code === "string") return named.code;
    return JSON.stringify(value);
  }
  return String(value);
}

/** Field name → label translation key, from a resource's declaration (detail fields and form fields). */
export type FieldLabels = Record<string, string>;

export function fieldLabel(field: string, labels: FieldLabels | undefined, t: TFunction): string {
  const key = labels?.[field];
  return key ? t(key) : field;
}

/** The changed fields of one entry as a compact table: field, before → after. */
export function ChangeTable({ changes, labels }: { changes: AuditChanges; labels?: FieldLabels | undefined }) {
  const { t } = useTranslation();
  const fields = Object.entries(changes);
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
              {fieldLabel(field, labels, t)}
            </Table.Td>
            <Table.Td style={{ overflowWrap: "anywhere" }}>{auditValueText(before, t)}</Table.Td>
            <Table.Td aria-hidden>
              <IconArrowRight size={14} />
            </Table.Td>
            <Table.Td style={{ overflowWrap: "anywhere" }}>{auditValueText(after, t)}</Table.Td>
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
