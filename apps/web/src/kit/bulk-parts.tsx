import { Alert, Box, Button, Group, List, Modal, Paper, Progress, Stack, Text } from "@mantine/core";
import {
  BULK_MAX_IDS,
  type BulkAction,
  type BulkOutcome,
  type BulkResponse,
  type MatchingIds,
  SELECT_ALL_CAP,
} from "@palco/shared/resources/bulk";
import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import { ApiError, api } from "@/lib/api.ts";
import { ConfirmModal } from "./confirm-modal.tsx";
import { batchesOf, type RowSelection } from "./row-selection.ts";

/**
 * What a list's bulk actions (kit/bulk-actions.tsx) show once rows are selected: the sticky action bar, the
 * confirmation naming the count, the progress of the batches and the summary. Loaded with the first selection, not
 * with the list.
 */

/** Actions that change or remove records in a way the member may regret: a red confirmation. */
const DESTRUCTIVE = new Set<BulkAction>(["delete", "deactivate"]);

export type BulkSummaryData = {
  action: BulkAction;
  done: number;
  failures: { id: number; label: string; reason: string }[];
  at: number;
};

const MAX_LISTED_FAILURES = 20;

/**
 * Sends `ids` to POST /api/<name>/bulk in batches of BULK_MAX_IDS, one after another, and answers one outcome per
 * id. A batch refused as a whole (permission gone, step-up declined, connection lost) reports every id of it, and of
 * the batches after it, with why, and nothing more is sent.
 */
export async function sendInBatches(
  name: string,
  action: BulkAction,
  ids: number[],
  connectionFailed: string,
  onProgress: (done: number) => void,
): Promise<BulkOutcome[]> {
  const outcomes: BulkOutcome[] = [];
  for (const batch of batchesOf(ids, BULK_MAX_IDS)) {
    try {
      const answer = await api<BulkResponse>(`/api/${name}/bulk`, { method: "POST", body: { action, ids: batch } });
      outcomes.push(...answer.results);
    } catch (error) {
      const reason = error instanceof ApiError && error.status !== 0 ? error.message : connectionFailed;
      const sent = new Set(outcomes.map((outcome) => outcome.id));
      for (const id of ids) if (!sent.has(id)) outcomes.push({ id, status: 0, message: reason });
      break;
    }
    onProgress(outcomes.length);
  }
  return outcomes;
}

/** The ids of every row the list's query matches (at most SELECT_ALL_CAP), for "select all matching". */
export function gatherMatching(name: string, params: Record<string, string | number | undefined>) {
  const query = Object.fromEntries(
    Object.entries(params).filter(([key]) => !["page", "after", "before"].includes(key)),
  );
  return api<MatchingIds>(`/api/${name}/ids`, { query });
}

/** Sends the action in batches and sorts the outcomes: the ids it changed, and the others named, with why. */
export async function runInBatches(
  name: string,
  action: BulkAction,
  ids: number[],
  selection: Pick<RowSelection, "labelOf">,
  t: TFunction,
  onProgress: (done: number) => void,
) {
  const outcomes = await sendInBatches(name, action, ids, t("ERROR_PAGES.LOADING_DATA"), onProgress);
  const changed = (outcome: BulkOutcome) => outcome.status >= 200 && outcome.status < 300;
  const succeeded = outcomes.filter(changed).map((outcome) => outcome.id);
  const failures = outcomes
    .filter((outcome) => !changed(outcome))
    .map((outcome) => ({
      id: outcome.id,
      label: selection.labelOf(outcome.id) ?? t("BULK.RECORD", { id: outcome.id }),
      reason: outcome.message ?? t("ERROR_PAGES.LOADING_DATA"),
    }));
  return { succeeded, failures };
}

/**
 * Above the rows once the whole page is ticked and more rows match: "Select all N matching", then how many the API
 * gathered (at most SELECT_ALL_CAP).
 */
export function MatchingBanner({
  matching,
  pageCount,
  exactTotal,
  gathering,
  failed,
  onSelectMatching,
}: {
  matching: { count: number; capped: boolean } | null;
  pageCount: number;
  /** The list's total when it is exact (not estimated), else null. */
  exactTotal: number | null;
  gathering: boolean;
  failed: boolean;
  onSelectMatching: () => void;
}) {
  const { t, i18n } = useTranslation();
  const count = (value: number) => value.toLocaleString(i18n.language);
  return (
    <Group gap="xs" px="md" py="xs" justify="center" wrap="wrap" bg="var(--mantine-primary-color-light)" role="status">
      {matching ? (
        <Text size="sm">
          {matching.capped
            ? t("BULK.MATCHING_CAPPED", { count: count(matching.count) })
            : t("BULK.MATCHING_SELECTED", { count: count(matching.count) })}
        </Text>
      ) : (
        <>
          <Text size="sm">{t("BULK.PAGE_SELECTED", { count: pageCount })}</Text>
          <Button size="compact-sm" variant="subtle" loading={gathering} onClick={onSelectMatching}>
            {exactTotal !== null && exactTotal <= SELECT_ALL_CAP
              ? t("BULK.SELECT_MATCHING", { total: count(exactTotal) })
              : t("BULK.SELECT_MATCHING_CAPPED", { total: count(SELECT_ALL_CAP) })}
          </Button>
        </>
      )}
      {failed && (
        <Text size="sm" c="red">
          {t("BULK.MATCHING_FAILED")}
        </Text>
      )}
    </Group>
  );
}

/** The sticky bar: how many are selected, the actions the member may take, and "Clear". */
export function BulkBar({
  actions,
  size,
  onAction,
  onClear,
}: {
  actions: BulkAction[];
  size: number;
  onAction: (action: BulkAction) => void;
  onClear: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Paper
      withBorder
      shadow="md"
      radius="md"
      p="sm"
      role="region"
      aria-label={t("BULK.BAR_LABEL")}
      style={{ position: "sticky", bottom: "var(--mantine-spacing-sm)", zIndex: 5 }}
    >
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Text fw={600} size="sm" aria-live="polite">
          {t("BULK.SELECTED", { count: size })}
        </Text>
        <Group gap="xs" wrap="wrap">
          {actions.map((action) => (
            <Button
              key={action}
              size="xs"
              variant={DESTRUCTIVE.has(action) ? "light" : "filled"}
              color={action === "delete" ? "red" : undefined}
              onClick={() => onAction(action)}
            >
              {t(`BULK.ACTIONS.${action}`)}
            </Button>
          ))}
          <Button size="xs" variant="default" onClick={onClear}>
            {t("BULK.CLEAR")}
          </Button>
        </Group>
      </Group>
    </Paper>
  );
}

/** What was done and what could not be, with why; stays until dismissed. */
export function BulkSummary({ summary, onClose }: { summary: BulkSummaryData; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Alert
      color={summary.failures.length > 0 ? "orange" : "green"}
      title={t("BULK.SUMMARY_TITLE")}
      withCloseButton
      closeButtonLabel={t("BULK.DISMISS")}
      onClose={onClose}
      data-testid="bulk-summary"
    >
      <SummaryText summary={summary} t={t} />
    </Alert>
  );
}

/** "48 blocked, 2 could not be:" then each failure as "<record>: <reason>". */
function SummaryText({ summary, t }: { summary: BulkSummaryData; t: TFunction }) {
  const { action, done, failures } = summary;
  const listed = failures.slice(0, MAX_LISTED_FAILURES);
  const doneText = t(`BULK.DONE.${action}`, { count: done });
  return (
    <Box>
      <Text size="sm">
        {doneText}
        {failures.length > 0 && `, ${t("BULK.FAILED", { count: failures.length })}`}
      </Text>
      {listed.length > 0 && (
        <List size="sm" mt={4}>
          {listed.map((failure) => (
            <List.Item key={failure.id}>
              {failure.label}: {failure.reason}
            </List.Item>
          ))}
          {failures.length > listed.length && (
            <List.Item>{t("BULK.MORE_FAILURES", { count: failures.length - listed.length })}</List.Item>
          )}
        </List>
      )}
    </Box>
  );
}

/** The confirmation naming the count, and the progress of the batches. */
export function BulkDialogs({
  confirming,
  size,
  progress,
  onConfirm,
  onClose,
}: {
  confirming: BulkAction | null;
  /** How many records are selected. */
  size: number;
  progress: { done: number; total: number } | null;
  onConfirm: (action: BulkAction) => void;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const count = (value: number) => value.toLocaleString(i18n.language);
  return (
    <>
      <ConfirmModal
        opened={confirming !== null}
        title={confirming ? t(`BULK.CONFIRM.${confirming}`, { count: size }) : ""}
        confirmLabel={confirming ? t(`BULK.ACTIONS.${confirming}`) : ""}
        confirmColor={confirming && DESTRUCTIVE.has(confirming) ? "red" : "blue"}
        onConfirm={() => confirming && onConfirm(confirming)}
        onClose={onClose}
      >
        {confirming === "delete" ? t("BULK.CONFIRM_DELETE_TEXT") : t("BULK.CONFIRM_TEXT")}
      </ConfirmModal>
      <Modal
        opened={progress !== null}
        onClose={() => undefined}
        withCloseButton={false}
        closeOnEscape={false}
        closeOnClickOutside={false}
        centered
        title={t("BULK.PROGRESS_TITLE")}
      >
        {progress && (
          <Stack gap="xs">
            <Progress
              value={progress.total === 0 ? 100 : (progress.done / progress.total) * 100}
              aria-label={t("BULK.PROGRESS", { done: count(progress.done), total: count(progress.total) })}
              animated
            />
            <Text size="sm" c="dimmed">
              {t("BULK.PROGRESS", { done: count(progress.done), total: count(progress.total) })}
            </Text>
          </Stack>
        )}
      </Modal>
    </>
  );
}
