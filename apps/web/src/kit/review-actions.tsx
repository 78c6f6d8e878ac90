import { Badge, Button, Group, Modal, Stack, Text, Textarea } from "@mantine/core";
import type { PermissionCode, ReviewDecisionEntry } from "@palco/shared";
import { reviewDecision } from "@palco/shared/resources/supply";
import { IconCheck, IconX } from "@tabler/icons-react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useLocation, useNavigate } from "react-router";
import { ApiError, serverMessages } from "@/lib/api.ts";
import { flash } from "@/lib/flash.ts";
import { useCan } from "@/lib/use-can.ts";
import { AUDIT_LOG_KEY } from "./audit-keys.ts";
import { ConfirmModal } from "./confirm-modal.tsx";
import { useDetailFeedback } from "./detail-page.tsx";
import { formatDateTime } from "./format.ts";
import { RefusedButton } from "./page-header.tsx";
import { versioned } from "./resource-api.ts";
import { REVIEW_QUEUE_KEY } from "./review-keys.ts";
import type { Reviewed } from "./review-status.tsx";
import { ifMatch, versionOf } from "./versions.ts";

type Props<T extends Reviewed> = {
  record: T;
  /** The API path segment and the query-key root ("owners"). */
  resource: string;
  /** Translation namespace of the texts (OWNERS.ACCEPT_TEXT, OWNERS.STATUS_TOGGLE_ERROR_MESSAGE…). */
  ns: "OWNERS" | "BOXES";
  permission: PermissionCode;
  name: string;
};

/**
 * Accept, and reject with a review: buttons for a record waiting for review, disabled (saying why) otherwise, and
 * hidden from staff without the permission. The server decides (PUT …/status, with the version seen as If-Match);
 * the answer replaces the record on screen, with a success banner, or the page's alert says why it failed.
 */
export function ReviewActions<T extends Reviewed>({ record, resource, ns, permission, name }: Props<T>) {
  const { t } = useTranslation();
  const allowed = useCan(permission);
  const client = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();
  const report = useDetailFeedback();
  const [open, setOpen] = useState<"accept" | "reject" | null>(null);
  const [review, setReview] = useState("");
  const [reviewError, setReviewError] = useState<string | null>(null);

  const decide = useMutation({
    mutationFn: (body: { status: "accepted" | "returned"; review?: string }) =>
      versioned<T>(`/api/${resource}/${record.id}/status`, {
        method: "PUT",
        body,
        headers: ifMatch(versionOf(record)),
      }),
    onSuccess: (answer, body) => {
      client.setQueryData([resource, "detail", record.id], answer);
      void client.invalidateQueries({ queryKey: [resource], predicate: (query) => query.queryKey[1] !== "detail" });
      void client.invalidateQueries({ queryKey: [REVIEW_QUEUE_KEY] });
      void client.invalidateQueries({ queryKey: [AUDIT_LOG_KEY] });
      // The decision history comes from the trail: read the record again to show the new entry.
      void client.invalidateQueries({ queryKey: [resource, "detail", record.id] });
      setOpen(null);
      navigate(location.pathname, {
        replace: true,
        ...flash(`${ns}.${body.status === "accepted" ? "ACCEPTED" : "RETURNED"}`),
      });
    },
    onError: (error) => {
      // A review the server found wanting stays in the dialog, next to the text.
      const fields = error instanceof ApiError ? error.messages : undefined;
      if (fields?.review) {
        setReviewError(fields.review);
        return;
      }
      setOpen(null);
      report(t(`${ns}.STATUS_TOGGLE_ERROR_MESSAGE`), serverMessages(error));
      void client.invalidateQueries({ queryKey: [resource, "detail", record.id] });
    },
  });

  if (!allowed) return null;
  const waiting = record.status === "pending" && record.readyForReview;
  if (!waiting) {
    const refusal = t("REVIEW.NOT_WAITING");
    return (
      <>
        <RefusedButton refusal={refusal} color="teal" leftSection={<IconCheck size={16} />}>
          {t("REVIEW.ACCEPT")}
        </RefusedButton>
        <RefusedButton refusal={refusal} color="red" variant="outline" leftSection={<IconX size={16} />}>
          {t("REVIEW.REJECT")}
        </RefusedButton>
      </>
    );
  }

  const submitReject = () => {
    // Validated on submit only (spec 02 §5), with the rules the server applies.
    const parsed = reviewDecision(ns).safeParse({ status: "returned", review });
    if (!parsed.success) {
      setReviewError(parsed.error.issues[0]?.message ?? `${ns}.VALIDATION.REVIEW_MISSING`);
      return;
    }
    setReviewError(null);
    decide.mutate({ status: "returned", review: parsed.data.review ?? "" });
  };

  return (
    <>
      <Button color="teal" leftSection={<IconCheck size={16} />} onClick={() => setOpen("accept")}>
        {t("REVIEW.ACCEPT")}
      </Button>
      <Button
        color="red"
        variant="outline"
        leftSection={<IconX size={16} />}
        onClick={() => {
          setReview("");
          setReviewError(null);
          setOpen("reject");
        }}
      >
        {t("REVIEW.REJECT")}
      </Button>
      <ConfirmModal
        opened={open === "accept"}
        title={t("REVIEW.ACCEPT_TITLE", { name })}
        confirmLabel={t("REVIEW.ACCEPT")}
        confirmColor="teal"
        loading={decide.isPending}
        onConfirm={() => decide.mutate({ status: "accepted" })}
        onClose={() => setOpen(null)}
      >
        {t(`${ns}.ACCEPT_TEXT`)}
      </ConfirmModal>
      <Modal
        opened={open === "reject"}
        onClose={decide.isPending ? () => undefined : () => setOpen(null)}
        title={t("REVIEW.REJECT_TITLE", { name })}
        centered
        radius="md"
        closeButtonProps={{ "aria-label": t("COMMON.CLOSE") }}
        styles={{ title: { fontWeight: 600 } }}
      >
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            submitReject();
          }}
        >
          <Stack gap="md">
            <Textarea
              label={t("REVIEW.REVIEW")}
              description={t("REVIEW.REVIEW_HINT")}
              value={review}
              onChange={(event) => setReview(event.currentTarget.value)}
              error={reviewError && t(reviewError)}
              autosize
              minRows={4}
              maxRows={10}
              maxLength={2000}
              data-autofocus
            />
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={() => setOpen(null)} disabled={decide.isPending}>
                {t("COMMON.CANCEL")}
              </Button>
              <Button type="submit" color="red" loading={decide.isPending}>
                {t("REVIEW.REJECT")}
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </>
  );
}

/** The decisions taken on a record, newest first (from the audit trail): who decided what, when, and the review. */
export function DecisionHistory({ decisions }: { decisions: ReviewDecisionEntry[] }) {
  const { t } = useTranslation();
  if (decisions.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {t("REVIEW.NO_DECISIONS")}
      </Text>
    );
  }
  return (
    <Stack component="ol" gap="sm" p={0} m={0} style={{ listStyle: "none" }}>
      {decisions.map((decision) => {
        const status = t(`REVIEW.STATUS.${decision.status}`);
        return (
          <Stack component="li" key={`${decision.at}-${decision.status}`} gap={4}>
            <Group gap="xs" wrap="wrap">
              <Badge color={decision.status === "accepted" ? "teal" : "red"} variant="light" radius="sm">
                {decision.by ? t("REVIEW.DECIDED", { status, by: decision.by }) : status}
              </Badge>
              <Text span size="sm" c="dimmed">
                {formatDateTime(decision.at)}
              </Text>
            </Group>
            {decision.review && (
              <Text size="sm" style={{ whiteSpace: "pre-wrap" }}>
                {decision.review}
              </Text>
            )}
          </Stack>
        );
      })}
    </Stack>
  );
}
