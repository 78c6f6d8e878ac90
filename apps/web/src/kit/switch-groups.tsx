import { Button, Chip, Group, Paper, SimpleGrid, Skeleton, Stack, Switch, Text } from "@mantine/core";
import { type ReactNode, useId } from "react";
import { useTranslation } from "react-i18next";
import type { ChoiceGroup } from "./resource.ts";

type Columns = { base?: number; sm?: number; md?: number; lg?: number; xl?: number };

type Props = {
  groups: ChoiceGroup[];
  /** The chosen values. */
  value: readonly string[];
  /** Without it the switches are read-only (disabled), e.g. on a detail page. */
  onChange?: (value: string[]) => void;
  /** "Select all" / "Unselect all" for everything and for each group. */
  bulk?: boolean;
  columns?: Columns;
  loading?: boolean;
  /** Already translated. */
  error?: ReactNode;
  /** Already translated text for an empty list. */
  empty?: string;
  /** Focus target for react-hook-form (the first switch). */
  inputRef?: (element: HTMLInputElement | null) => void;
  /** `chips`: compact toggles in a row (short labels, e.g. an event's categories) instead of switches. */
  display?: "switches" | "chips";
};

function SwitchList({
  items,
  selected,
  readOnly,
  toggle,
  inputRef,
  display = "switches",
}: {
  items: ChoiceGroup["items"];
  selected: Set<string>;
  readOnly: boolean;
  toggle: (value: string, on: boolean) => void;
  inputRef?: (element: HTMLInputElement | null) => void;
  display?: Props["display"];
}) {
  if (display === "chips") {
    return (
      <Group gap="xs">
        {items.map((item, index) => (
          <Chip
            key={item.value}
            ref={index === 0 ? inputRef : undefined}
            value={item.value}
            checked={selected.has(item.value)}
            onChange={(checked) => toggle(item.value, checked)}
            disabled={readOnly}
            title={item.description}
          >
            {item.label}
          </Chip>
        ))}
      </Group>
    );
  }
  return (
    <Stack gap="sm">
      {items.map((item, index) => (
        <Switch
          key={item.value}
          ref={index === 0 ? inputRef : undefined}
          value={item.value}
          checked={selected.has(item.value)}
          onChange={(event) => toggle(item.value, event.currentTarget.checked)}
          disabled={readOnly}
          label={item.label}
          description={
            item.description ? (
              <Text span ff="monospace" fz={11} c="dimmed">
                {item.description}
              </Text>
            ) : undefined
          }
          classNames={readOnly ? { input: "palco-switch-input", track: "palco-switch-track" } : undefined}
          styles={{ label: { cursor: readOnly ? "default" : "pointer" } }}
        />
      ))}
    </Stack>
  );
}

function ChoiceGroupCard({
  group,
  bulk,
  children,
  onSet,
  allOn,
  noneOn,
}: {
  group: ChoiceGroup;
  bulk: boolean;
  children: ReactNode;
  onSet: (on: boolean) => void;
  allOn: boolean;
  noneOn: boolean;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <Paper withBorder radius="md" p="md" role="group" aria-labelledby={titleId}>
      <Group justify="space-between" gap={4} mb="sm" wrap="wrap">
        <Text id={titleId} fw={600} size="sm">
          {group.label}
        </Text>
        {bulk && (
          <Group gap={4} wrap="nowrap" ml="auto">
            <Button
              size="compact-xs"
              variant="subtle"
              disabled={allOn}
              aria-label={t("COMMON.SELECT_ALL_IN", { group: group.label })}
              onClick={() => onSet(true)}
            >
              {t("COMMON.SELECT_ALL")}
            </Button>
            <Button
              size="compact-xs"
              variant="subtle"
              color="gray"
              disabled={noneOn}
              aria-label={t("COMMON.UNSELECT_ALL_IN", { group: group.label })}
              onClick={() => onSet(false)}
            >
              {t("COMMON.UNSELECT_ALL")}
            </Button>
          </Group>
        )}
      </Group>
      {children}
    </Paper>
  );
}

/**
 * A set of values chosen with one switch each (a user's roles, a role's permissions), optionally grouped under
 * titles with "Select all" / "Unselect all". The same component shows them read-only (disabled) on a detail page.
 */
export function SwitchGroups({
  groups,
  value,
  onChange,
  bulk = false,
  columns,
  loading,
  error,
  empty,
  inputRef,
  display = "switches",
}: Props) {
  const { t } = useTranslation();
  const readOnly = !onChange;
  const selected = new Set(value);
  const all = groups.flatMap((group) => group.items.map((item) => item.value));

  const emit = (next: Set<string>) =>
    onChange?.(
      all
        .filter((code) => next.has(code))
        .concat(
          // Keep chosen values the list does not offer (never silently drop data).
          [...next].filter((code) => !all.includes(code)),
        ),
    );
  const toggle = (item: string, on: boolean) => {
    const next = new Set(selected);
    if (on) next.add(item);
    else next.delete(item);
    emit(next);
  };
  const setMany = (items: string[], on: boolean) => {
    const next = new Set(selected);
    for (const item of items) {
      if (on) next.add(item);
      else next.delete(item);
    }
    emit(next);
  };

  if (loading) {
    return (
      <Stack gap="sm" aria-busy>
        {[0, 1, 2].map((row) => (
          <Skeleton key={row} height={22} width={`${60 - row * 10}%`} radius="sm" />
        ))}
      </Stack>
    );
  }

  const grouped = groups.some((group) => group.label);
  return (
    <Stack gap="sm">
      {bulk && !readOnly && all.length > 0 && (
        <Group gap="xs">
          <Button
            size="xs"
            variant="light"
            disabled={all.every((item) => selected.has(item))}
            onClick={() => setMany(all, true)}
          >
            {t("COMMON.SELECT_ALL")}
          </Button>
          <Button
            size="xs"
            variant="default"
            disabled={all.every((item) => !selected.has(item))}
            onClick={() => setMany(all, false)}
          >
            {t("COMMON.UNSELECT_ALL")}
          </Button>
        </Group>
      )}
      {all.length === 0 && !error && (
        <Text size="sm" c="dimmed">
          {empty ?? t("COMMON.NO_RESULTS")}
        </Text>
      )}
      {grouped ? (
        <SimpleGrid cols={columns ?? { base: 1, sm: 2, lg: 3 }} spacing="md">
          {groups
            .filter((group) => group.items.length > 0)
            .map((group, index) => {
              const items = group.items.map((item) => item.value);
              return (
                <ChoiceGroupCard
                  key={group.key}
                  group={group}
                  bulk={bulk && !readOnly}
                  allOn={items.every((item) => selected.has(item))}
                  noneOn={items.every((item) => !selected.has(item))}
                  onSet={(on) => setMany(items, on)}
                >
                  <SwitchList
                    items={group.items}
                    selected={selected}
                    readOnly={readOnly}
                    toggle={toggle}
                    inputRef={index === 0 ? inputRef : undefined}
                    display={display}
                  />
                </ChoiceGroupCard>
              );
            })}
        </SimpleGrid>
      ) : display === "chips" ? (
        <SwitchList
          items={groups.flatMap((group) => group.items)}
          selected={selected}
          readOnly={readOnly}
          toggle={toggle}
          inputRef={inputRef}
          display="chips"
        />
      ) : (
        <SimpleGrid cols={columns ?? { base: 1, sm: 2 }} spacing="sm">
          {groups
            .flatMap((group) => group.items)
            .map((item, index) => (
              <SwitchList
                key={item.value}
                items={[item]}
                selected={selected}
                readOnly={readOnly}
                toggle={toggle}
                inputRef={index === 0 ? inputRef : undefined}
              />
            ))}
        </SimpleGrid>
      )}
      {error && (
        <Text c="red" size="sm">
          {error}
        </Text>
      )}
    </Stack>
  );
}
