import { useCallback, useMemo, useState } from "react";

/**
 * The rows a member ticked in a list, for bulk actions: ids with the name each row showed (what a summary of
 * failures names), kept across pages of the same list and dropped when the list's criteria change (another search
 * or filter is another set of rows: `scope`). "Select all matching" fills it with the ids the API gathered.
 */
export type RowSelection = {
  ids: ReadonlySet<number>;
  size: number;
  /** The name shown for a row, when it was on screen when ticked (else the summary says "#id"). */
  labelOf(id: number): string | undefined;
  isSelected(id: number): boolean;
  /** Set by "select all matching": how many the API gathered and whether more matched. */
  matching: { count: number; capped: boolean } | null;
  toggle(row: SelectableRow, on: boolean): void;
  setRows(rows: SelectableRow[], on: boolean): void;
  selectMatching(ids: number[], capped: boolean, rows: SelectableRow[]): void;
  /** Unticks these ids (those a bulk action changed). */
  remove(ids: Iterable<number>): void;
  clear(): void;
};

export type SelectableRow = { id: number; label: string };

type State = {
  scope: string;
  ids: Set<number>;
  labels: Map<number, string>;
  matching: { count: number; capped: boolean } | null;
};

const emptyState = (scope: string): State => ({ scope, ids: new Set(), labels: new Map(), matching: null });

export function useRowSelection(scope: string): RowSelection {
  const [stored, setStored] = useState<State>(() => emptyState(scope));
  const state = stored.scope === scope ? stored : emptyState(scope);
  // Every change starts from this scope's state: a change of criteria has already emptied it.
  const change = useCallback(
    (update: (previous: State) => State) =>
      setStored((previous) => update(previous.scope === scope ? previous : emptyState(scope))),
    [scope],
  );

  const toggle = useCallback(
    (row: SelectableRow, on: boolean) => change((previous) => withRows(previous, [row], on)),
    [change],
  );
  const setRows = useCallback(
    (rows: SelectableRow[], on: boolean) => change((previous) => withRows(previous, rows, on)),
    [change],
  );
  const selectMatching = useCallback(
    (ids: number[], capped: boolean, rows: SelectableRow[]) =>
      change((previous) => {
        const labels = new Map(previous.labels);
        for (const row of rows) labels.set(row.id, row.label);
        return { scope: previous.scope, ids: new Set(ids), labels, matching: { count: ids.length, capped } };
      }),
    [change],
  );
  const remove = useCallback(
    (ids: Iterable<number>) =>
      change((previous) => {
        const next = new Set(previous.ids);
        for (const id of ids) next.delete(id);
        return { ...previous, ids: next, matching: null };
      }),
    [change],
  );
  const clear = useCallback(() => change((previous) => emptyState(previous.scope)), [change]);

  return useMemo(
    () => ({
      ids: state.ids,
      size: state.ids.size,
      labelOf: (id: number) => state.labels.get(id),
      isSelected: (id: number) => state.ids.has(id),
      matching: state.matching,
      toggle,
      setRows,
      selectMatching,
      remove,
      clear,
    }),
    [state, toggle, setRows, selectMatching, remove, clear],
  );
}

function withRows(previous: State, rows: SelectableRow[], on: boolean): State {
  const ids = new Set(previous.ids);
  const labels = new Map(previous.labels);
  for (const row of rows) {
    if (on) {
      ids.add(row.id);
      labels.set(row.id, row.label);
    } else ids.delete(row.id);
  }
  // Unticking a row undoes "all matching": the selection is now the member's own.
  return { scope: previous.scope, ids, labels, matching: on ? previous.matching : null };
}

/** Ids in batches of at most `size` (the API takes BULK_MAX_IDS per request), in the order given. */
export function batchesOf(ids: readonly number[], size: number): number[][] {
  const batches: number[][] = [];
  for (let start = 0; start < ids.length; start += size) batches.push(ids.slice(start, start + size));
  return batches;
}
