import { Anchor, Box, Group, Text } from "@mantine/core";
import type { MouseEvent, ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { fieldValue } from "./field-value.tsx";
import type { Column, Entity, PhoneCard } from "./resource.ts";
import { StatusBadge } from "./status-badge.tsx";

const SECONDARY_DEFAULT_COUNT = 2;

import { ListCardsSkeleton, ROW_BORDER } from "./list-cards-skeleton.tsx";

/** The columns of a phone card: the declared ones, else the link column and the next two informative ones. */
export function phoneColumns<L>(columns: Column<L>[], linkColumn: Column<L> | undefined, phone: PhoneCard | undefined) {
  const byKey = (key: string) => columns.find((column) => column.key === key);
  const primary = (phone?.primary && byKey(phone.primary)) || linkColumn;
  const secondary = phone?.secondary
    ? phone.secondary.map(byKey).filter((column): column is Column<L> => Boolean(column))
    : columns
        .filter(
          (column) => column !== primary && column.key !== "id" && column.key !== "isActive" && column.kind !== "image",
        )
        .slice(0, SECONDARY_DEFAULT_COUNT);
  return { primary, secondary };
}

type Props<L extends Entity> = {
  label: string;
  columns: Column<L>[];
  linkColumn: Column<L> | undefined;
  phone: PhoneCard | undefined;
  items: L[];
  /** Placeholder cards while the first answer loads. */
  loadingCount: number;
  /** What an empty list says instead of cards. */
  empty: ReactNode;
  busy: boolean;
  dimmed: boolean;
  detailPath: ((record: L) => string) | null;
  onCardClick: (event: MouseEvent<HTMLElement>, record: L) => void;
  /** Cards to draw emphasized (see `list.highlight`). */
  highlight?: ((record: L) => boolean) | undefined;
  /** The card's selection checkbox for bulk actions (kit/bulk-actions.tsx), when the list has them. */
  checkbox?: ((record: L) => ReactNode) | undefined;
};

/** A list as compact cards for narrow windows: the primary field links to the detail, the status badge beside it. */
export function ListCards<L extends Entity>({
  label,
  columns,
  linkColumn,
  phone,
  items,
  loadingCount,
  empty,
  busy,
  dimmed,
  detailPath,
  onCardClick,
  highlight,
  checkbox,
}: Props<L>) {
  const { t } = useTranslation();
  const { primary, secondary } = phoneColumns(columns, linkColumn, phone);

  if (loadingCount > 0) return <ListCardsSkeleton count={loadingCount} />;
  if (items.length === 0) return <Box>{empty}</Box>;

  return (
    <Box
      component="ul"
      aria-label={label}
      aria-busy={busy}
      m={0}
      p={0}
      style={{ listStyle: "none", opacity: dimmed ? 0.6 : 1, transition: "opacity 120ms" }}
    >
      {items.map((record) => {
        const title = primary ? fieldValue(primary, record, t) : String(record.id);
        const path = detailPath?.(record);
        const highlighted = highlight?.(record) ?? false;
        return (
          <Box
            component="li"
            key={record.id}
            px="md"
            py="sm"
            data-highlighted={highlighted || undefined}
            style={{
              borderBottom: ROW_BORDER,
              cursor: path ? "pointer" : undefined,
              background: highlighted ? "var(--mantine-primary-color-light)" : undefined,
            }}
            onClick={path ? (event: MouseEvent<HTMLElement>) => onCardClick(event, record) : undefined}
          >
            <Group justify="space-between" align="center" gap="sm" wrap="nowrap">
              {checkbox?.(record)}
              <Box miw={0} fw={600} style={{ overflowWrap: "anywhere", flex: 1 }}>
                {path ? (
                  <Anchor component={Link} to={path} inherit c="inherit" underline="hover">
                    {title}
                  </Anchor>
                ) : (
                  title
                )}
              </Box>
              {typeof record.isActive === "boolean" && <StatusBadge active={record.isActive} size="md" />}
            </Group>
            {secondary.length > 0 && (
              <Box component="dl" m={0} mt={6}>
                {secondary.map((column) => (
                  <Group key={column.key} gap={6} wrap="nowrap" align="baseline" mt={2}>
                    <Text component="dt" size="xs" c="dimmed" fw={600} style={{ flexShrink: 0 }}>
                      {t(column.label)}
                    </Text>
                    <Box component="dd" m={0} fz="sm" miw={0} style={{ overflowWrap: "anywhere" }}>
                      {fieldValue(column, record, t)}
                    </Box>
                  </Group>
                ))}
              </Box>
            )}
          </Box>
        );
      })}
    </Box>
  );
}
