import { Group, InputBase, Table, Text, UnstyledButton } from "@mantine/core";
import { type ListSort, sortValue } from "@palco/shared/resources/sort-fields";
import { IconArrowDown, IconArrowsSort, IconArrowUp, IconChevronDown } from "@tabler/icons-react";
import type { ChangeEvent } from "react";
import { useTranslation } from "react-i18next";
import type { Column } from "./resource.ts";

/**
 * Sortable lists: a column that declares `sort` gets a header button; a click sorts ascending, the next descending,
 * the next goes back to the list's own order. The order lives in the query string (`?sort=-createdAt`) like every
 * filter, and the API enforces it (sortParam in @palco/shared). On phones a "Sort by" select stands for the headers.
 */
/** The query-string value after a click on the header of `field`: ascending, then descending, then none (""). */
export function nextSort(current: ListSort | null, field: string): string {
  if (current?.field !== field) return field;
  return current.descending ? "" : sortValue({ field, descending: true });
}

const directionOf = (sort: ListSort | null, field: string | undefined) =>
  field && sort?.field === field ? (sort.descending ? "descending" : "ascending") : undefined;

/** A list header cell: the column's label, and for a sortable column a button that changes the order. */
export function ColumnHeader<L>({
  column,
  sort,
  onSort,
}: {
  column: Column<L>;
  sort: ListSort | null;
  /** Receives the next query-string value of `sort` ("" for the list's own order). */
  onSort: (value: string) => void;
}) {
  const { t } = useTranslation();
  const label = (
    // On one line: a header that wraps once the rows arrive (they take the columns' width) would push every row down.
    <Text span size="xs" fw={600} c="dimmed" tt="uppercase" style={{ letterSpacing: 0.3, whiteSpace: "nowrap" }}>
      {t(column.label)}
    </Text>
  );
  const field = column.sort;
  if (!field) return <Table.Th w={column.width}>{label}</Table.Th>;
  const direction = directionOf(sort, field);
  const Icon = direction === "ascending" ? IconArrowUp : direction === "descending" ? IconArrowDown : IconArrowsSort;
  return (
    <Table.Th w={column.width} aria-sort={direction}>
      <UnstyledButton
        onClick={() => onSort(nextSort(sort, field))}
        title={t("LIST_SORT.SORT_COLUMN", { column: t(column.label) })}
        style={{ borderRadius: 4 }}
      >
        <Group gap={4} wrap="nowrap">
          {label}
          <Icon
            size={14}
            aria-hidden
            stroke={direction ? 2.2 : 1.6}
            color={direction ? "var(--mantine-primary-color-filled)" : "var(--mantine-color-dimmed)"}
          />
        </Group>
      </UnstyledButton>
    </Table.Th>
  );
}

/** The phone's stand-in for the sortable headers: every sortable column both ways, and the list's own order. */
export function SortSelect<L>({
  columns,
  sort,
  onSort,
}: {
  columns: Column<L>[];
  sort: ListSort | null;
  onSort: (value: string) => void;
}) {
  const { t } = useTranslation();
  const sortable = columns.filter((column) => column.sort);
  if (sortable.length === 0) return null;
  const data = [
    { value: "", label: t("LIST_SORT.DEFAULT") },
    ...sortable.flatMap((column) => {
      const field = column.sort as string;
      const name = t(column.label);
      return [
        { value: field, label: t("LIST_SORT.ASCENDING", { column: name }) },
        { value: sortValue({ field, descending: true }), label: t("LIST_SORT.DESCENDING", { column: name }) },
      ];
    }),
  ];
  // A native select (the phone's own picker) on Mantine's InputBase: what NativeSelect renders, without pulling
  // the Combobox family into every list's first load for its chevron.
  return (
    <InputBase
      component="select"
      label={t("LIST_SORT.SORT_BY")}
      value={sort ? sortValue(sort) : ""}
      onChange={(event: ChangeEvent<HTMLSelectElement>) => onSort(event.currentTarget.value)}
      rightSection={<IconChevronDown size={16} aria-hidden />}
      rightSectionPointerEvents="none"
      w="100%"
    >
      {data.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </InputBase>
  );
}
