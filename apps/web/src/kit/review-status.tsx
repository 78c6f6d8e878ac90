import { Group, Text } from "@mantine/core";
import type { ReviewStatus } from "@palco/shared";
import { REVIEW_FILTERS } from "@palco/shared/resources/supply-values";
import { useTranslation } from "react-i18next";
import { StateBadge } from "./status-badge.tsx";

// What the owners' and boxes' lists show of a review (their detail pages' actions are in review-actions.tsx, loaded
// with the detail only).

/** A record staff accept or return with a review (spec 02 §4): owners and boxes. */
export type Reviewed = {
  id: number;
  status: ReviewStatus;
  readyForReview: boolean;
  readyAt: string | null;
};

const HOUR = 3_600_000;

/** "Waiting for review · 3 days", "Accepted", "Rejected", "Pending": the record's review state as a badge. */
export function ReviewStatusBadge({ record, now = Date.now() }: { record: Reviewed; now?: number }) {
  const { t } = useTranslation();
  const waiting = record.status === "pending" && record.readyForReview;
  const color = waiting
    ? "orange"
    : record.status === "accepted"
      ? "teal"
      : record.status === "returned"
        ? "red"
        : "gray";
  const waited = waiting && record.readyAt ? Math.max(0, now - Date.parse(record.readyAt)) : null;
  return (
    <Group gap={6} wrap="wrap" style={{ rowGap: 2 }}>
      {/* Never cut to "WAITI…" in a narrow column: the badge keeps its width, the time waited wraps below. */}
      <StateBadge
        color={color}
        label={t(`REVIEW.STATUS.${waiting ? "waiting" : record.status}`)}
        testId="review-status"
      />
      {waited !== null && (
        <Text span size="xs" c="dimmed" style={{ whiteSpace: "nowrap" }}>
          {waited < HOUR
            ? t("REVIEW.WAITING_NOW")
            : waited < 48 * HOUR
              ? t("REVIEW.WAITING_FOR", { count: Math.floor(waited / HOUR) })
              : t("REVIEW.WAITING_DAYS", { count: Math.floor(waited / (24 * HOUR)) })}
        </Text>
      )}
    </Group>
  );
}

/** The lists' review-state filter: the inbox ("waiting for review") first, then every state. */
export function useReviewFilterOptions() {
  const { t } = useTranslation();
  return {
    data: REVIEW_FILTERS.map((value) => ({ value, label: t(`REVIEW.STATUS.${value}`) })),
    isLoading: false,
    isError: false,
  };
}
