import { Alert, Button, Group, Stack } from "@mantine/core";
import type { AuditEntry } from "@palco/shared";
import { STALE_VERSION_CODE } from "@palco/shared/resources/audit-values";
import { IconAlertTriangle } from "@tabler/icons-react";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { ApiError } from "@/lib/api.ts";
import { ChangeTable, EntryHeading, type FieldLabels } from "./audit-changes.tsx";

/**
 * What a 409 for a stale If-Match carries: the changes made since the user's version, when the member may read
 * the trail (none otherwise: the server sends the record and its changes only to who may read them).
 */
export type StaleConflict = { changes: AuditEntry[] };

export function staleConflictOf(error: unknown): StaleConflict | null {
  if (!(error instanceof ApiError) || error.status !== 409 || !error.body) return null;
  if (error.body.code !== STALE_VERSION_CODE) return null;
  // A member who may not read the trail gets no changes: still a stale version, still reloadable.
  return { changes: Array.isArray(error.body.changes) ? error.body.changes : [] };
}

/**
 * "Someone else changed this record": who, when and what, with the two ways on — take their version, or keep
 * mine on top of it — or, where nothing of mine is pending (a refused block, the record already refreshed), just
 * Close. Takes the focus when it appears, so a screen reader announces it.
 */
export function StaleVersionPanel({
  conflict,
  resource = "",
  labels,
  onReload,
  onKeepMine,
  onClose,
  busy,
}: {
  conflict: StaleConflict;
  /** The record's resource in the trail ("owners"): its values read with that resource's labels. */
  resource?: string;
  labels?: FieldLabels | undefined;
  onReload?: (() => void) | undefined;
  onKeepMine?: (() => void) | undefined;
  onClose?: (() => void) | undefined;
  busy?: boolean;
}) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <Alert
      ref={ref}
      tabIndex={-1}
      color="orange"
      variant="light"
      icon={<IconAlertTriangle size={18} />}
      title={t("AUDIT.STALE_TITLE")}
      role="alert"
    >
      <Stack gap="sm">
        {conflict.changes.length === 0
          ? t("AUDIT.STALE_UNKNOWN")
          : conflict.changes.map((entry) => (
              <Stack key={entry.id} gap={4}>
                <EntryHeading entry={entry} />
                <ChangeTable changes={entry.changes} resource={resource} labels={labels} />
              </Stack>
            ))}
        <Group gap="sm">
          {onReload && (
            <Button size="xs" variant="filled" color="orange" onClick={onReload} loading={busy}>
              {t("AUDIT.RELOAD")}
            </Button>
          )}
          {onClose && (
            <Button size="xs" variant="default" onClick={onClose}>
              {t("COMMON.CLOSE")}
            </Button>
          )}
          {onKeepMine && (
            <Button size="xs" variant="default" onClick={onKeepMine} disabled={busy}>
              {t("AUDIT.KEEP_MINE")}
            </Button>
          )}
        </Group>
      </Stack>
    </Alert>
  );
}
