import { Box, Table } from "@mantine/core";
import type { BulkAction } from "@palco/shared/resources/bulk";
import { useQueryClient } from "@tanstack/react-query";
import { lazy, Suspense, useState } from "react";
import { useTranslation } from "react-i18next";
import { loadFeatureTexts } from "@/lib/i18n.ts";
import { useCanFn } from "@/lib/use-can.ts";
import { AUDIT_LOG_KEY } from "./audit-keys.ts";
import type { BulkSummaryData } from "./bulk-parts.tsx";
import type { Entity, Resource } from "./resource.ts";
import { type RowSelection, type SelectableRow, useRowSelection } from "./row-selection.ts";
import { SelectCheckbox } from "./select-checkbox.tsx";
import { usePhone } from "./use-phone.ts";

/**
 * Bulk actions of a list, by declaration (`list.bulk`, else derived from the resource's permissions): row
 * checkboxes, "select all on this page", "select all N matching" (the ids the API gathers with the list's own query,
 * GET /api/<resource>/ids, at most SELECT_ALL_CAP), a sticky bar with the actions the member may take, a
 * confirmation naming the count, batches of BULK_MAX_IDS sent one after another with a progress bar, and a summary
 * of what was done and what could not be, with why, that stays until dismissed.
 */

// The bar, the dialogs, the summary and their texts load with a list's first selection.
const parts = () => Promise.all([import("./bulk-parts.tsx"), loadFeatureTexts("bulk")]).then(([module]) => module);
const BulkBar = lazy(() => parts().then((module) => ({ default: module.BulkBar })));
const BulkDialogs = lazy(() => parts().then((module) => ({ default: module.BulkDialogs })));
const BulkSummary = lazy(() => parts().then((module) => ({ default: module.BulkSummary })));
const MatchingBanner = lazy(() => parts().then((module) => ({ default: module.MatchingBanner })));

/** Which permission of the resource allows each action (the single action's). */
const PERMISSION_OF: Record<BulkAction, "activate" | "delete" | "index"> = {
  deactivate: "activate",
  activate: "activate",
  delete: "delete",
  read: "index",
};

// biome-ignore lint/suspicious/noExplicitAny: the kit does not look at the detail or form types
type AnyResource<L extends Entity> = Resource<any, any, L>;

/** The bulk actions a resource offers: its declaration, or block/unblock and delete from its permissions. */
export function declaredBulkActions<L extends Entity>(resource: AnyResource<L>): BulkAction[] {
  const declared = resource.list.bulk;
  if (declared === false) return [];
  if (declared) return [...declared];
  const { permissions } = resource.meta;
  return [
    ...(permissions.activate ? (["deactivate", "activate"] as const) : []),
    ...(permissions.delete ? (["delete"] as const) : []),
  ];
}

type ListData = { total: number; totalKind: string } | undefined;

/** Query values that page or order the list without changing which rows match. */
const NOT_CRITERIA = ["page", "after", "before", "sort"];

/** The checkboxes, bars and dialogs of a list's bulk actions; `enabled` false when the member may take none. */
export function useBulkActions<L extends Entity>(
  resource: AnyResource<L>,
  items: L[],
  params: Record<string, string | number | undefined>,
  data: ListData,
) {
  const { t } = useTranslation();
  const can = useCanFn();
  const client = useQueryClient();
  const phone = usePhone();
  const { meta, api: resourceApi } = resource;
  const actions = declaredBulkActions(resource).filter((action) => can(meta.permissions[PERMISSION_OF[action]]));
  const enabled = actions.length > 0;
  // The criteria of the list (not its page): another search or filter starts another selection.
  const criteria = Object.entries(params)
    .filter(([key, value]) => !NOT_CRITERIA.includes(key) && value !== undefined && value !== "")
    .map(([key, value]) => `${key}=${value}`)
    .join("&");
  const selection = useRowSelection(`${meta.name}?${criteria}`);
  const [gathering, setGathering] = useState(false);
  const [gatherFailed, setGatherFailed] = useState(false);
  const [confirming, setConfirming] = useState<BulkAction | null>(null);
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  const [summary, setSummary] = useState<BulkSummaryData | null>(null);
  const [dialogsUsed, setDialogsUsed] = useState(false);

  const labelOf = (record: L) => resource.recordLabel(record as never, t) || t("BULK.RECORD", { id: record.id });
  const pageRows: SelectableRow[] = items.map((record) => ({ id: record.id, label: labelOf(record) }));
  const selectedOnPage = pageRows.filter((row) => selection.isSelected(row.id)).length;
  const allOnPage = pageRows.length > 0 && selectedOnPage === pageRows.length;
  const moreThanThePage = data !== undefined && (data.totalKind !== "exact" || data.total > pageRows.length);

  async function selectMatching() {
    setGathering(true);
    setGatherFailed(false);
    try {
      // The ids are gathered by bulk-parts.tsx, loaded with the banner that offered it.
      const answer = await (await parts()).gatherMatching(meta.name, params);
      selection.selectMatching(answer.ids, answer.capped, pageRows);
    } catch {
      setGatherFailed(true);
    } finally {
      setGathering(false);
    }
  }

  async function run(action: BulkAction) {
    setConfirming(null);
    const ids = [...selection.ids];
    setProgress({ done: 0, total: ids.length });
    // The batches are sent by bulk-parts.tsx, loaded with the bar that offered the action.
    const { succeeded, failures } = await (await parts()).runInBatches(meta.name, action, ids, selection, t, (done) =>
      setProgress({ done, total: ids.length }),
    );
    selection.remove(succeeded);
    setProgress(null);
    setSummary({ action, done: succeeded.length, failures, at: Date.now() });
    // The list, the records' details, what shows them and the audit trail are all stale now.
    await Promise.all([
      client.invalidateQueries({ queryKey: resourceApi.keys.root }),
      ...resourceApi.related.map((name) => client.invalidateQueries({ queryKey: [name] })),
      client.invalidateQueries({ queryKey: [AUDIT_LOG_KEY] }),
    ]);
  }

  const rowCheckbox = (record: L) => (
    <SelectCheckbox
      aria-label={t("BULK.SELECT_ROW", { name: labelOf(record) })}
      checked={selection.isSelected(record.id)}
      onChange={(event) => selection.toggle({ id: record.id, label: labelOf(record) }, event.currentTarget.checked)}
    />
  );

  const pageCheckbox = (labelled: boolean) => (
    <SelectCheckbox
      {...(labelled ? { label: t("BULK.SELECT_PAGE") } : { "aria-label": t("BULK.SELECT_PAGE") })}
      checked={allOnPage}
      indeterminate={selectedOnPage > 0 && !allOnPage}
      disabled={pageRows.length === 0}
      onChange={(event) => selection.setRows(pageRows, event.currentTarget.checked)}
    />
  );
  const headerCell = enabled ? <Table.Th w={44}>{pageCheckbox(false)}</Table.Th> : null;

  const rowCell = (record: L) => (enabled ? <Table.Td w={44}>{rowCheckbox(record)}</Table.Td> : null);
  const emptyCell = enabled ? <Table.Td w={44} /> : null;
  const cardCheckbox = enabled ? rowCheckbox : undefined;

  // Cards have no header row: on a phone "select all on this page" is a labelled checkbox above them.
  const phoneSelectAll =
    enabled && phone && pageRows.length > 0 ? (
      <Box px="md" py="xs" style={{ borderBottom: "1px solid var(--mantine-color-default-border)" }}>
        {pageCheckbox(true)}
      </Box>
    ) : null;
  const matchingBanner =
    enabled && (selection.matching || (allOnPage && moreThanThePage)) ? (
      <Suspense fallback={null}>
        <MatchingBanner
          matching={selection.matching}
          pageCount={pageRows.length}
          exactTotal={data && data.totalKind === "exact" ? data.total : null}
          gathering={gathering}
          failed={gatherFailed}
          onSelectMatching={() => void selectMatching()}
        />
      </Suspense>
    ) : null;
  const banner = (
    <>
      {phoneSelectAll}
      {matchingBanner}
    </>
  );

  // The bar, the dialogs and the summary load with the first selection (kit/bulk-parts.tsx), not with the list.
  const bar =
    enabled && selection.size > 0 ? (
      <Suspense fallback={null}>
        <BulkBar
          actions={actions}
          size={selection.size}
          onAction={(action) => {
            setDialogsUsed(true);
            setConfirming(action);
          }}
          onClear={selection.clear}
        />
      </Suspense>
    ) : null;

  // Once an action was chosen the dialogs stay mounted (for their closing transition).
  const dialogs = dialogsUsed ? (
    <Suspense fallback={null}>
      <BulkDialogs
        confirming={confirming}
        size={selection.size}
        progress={progress}
        onConfirm={(action) => void run(action)}
        onClose={() => setConfirming(null)}
      />
    </Suspense>
  ) : null;

  const summaryAlert = summary ? (
    <Suspense fallback={null}>
      <BulkSummary key={summary.at} summary={summary} onClose={() => setSummary(null)} />
    </Suspense>
  ) : null;

  return {
    enabled,
    selection: selection as RowSelection,
    headerCell,
    rowCell,
    emptyCell,
    cardCheckbox,
    banner,
    bar,
    /** The summary (above the list) and the dialogs. */
    summary: (
      <>
        {summaryAlert}
        {dialogs}
      </>
    ),
  };
}
