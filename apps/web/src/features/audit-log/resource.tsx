import { Anchor, Text } from "@mantine/core";
import type { AuditEntryDetail } from "@palco/shared";
import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { RESOURCES } from "@/app/resources.ts";
import { ChangeTable } from "@/kit/audit-changes.tsx";
import { changedFieldsText } from "@/kit/audit-labels.ts";
import { defineResource } from "@/kit/resource.ts";
import { auditLogApi, useAuditActionOptions, useAuditActorOptions, useAuditResourceOptions } from "./api.ts";
import { auditLogMeta } from "./meta.ts";

const F = "AUDIT.FIELDS";

const actionText = (entry: AuditEntryDetail, t: TFunction) =>
  t(`AUDIT.ACTIONS.${entry.action}`, { defaultValue: entry.action });
const resourceText = (entry: AuditEntryDetail, t: TFunction) =>
  t(`AUDIT.RESOURCES.${entry.resource}`, { defaultValue: entry.resource });

/** The record an entry is about, as a link to its page when that resource has one (deleted records 404 there). */
function RecordLink({ entry }: { entry: AuditEntryDetail }) {
  const { t } = useTranslation();
  if (entry.recordId === null) return <>—</>;
  // The fee settings are one record named "fees", not an id.
  if (!/^\d+$/.test(entry.recordId))
    return <>{t(`AUDIT.RECORDS.${entry.recordId}`, { defaultValue: entry.recordId })}</>;
  const built = RESOURCES.some((meta) => meta.name === entry.resource && meta.load);
  return built ? (
    <Anchor component={Link} to={`/${entry.resource}/${entry.recordId}`} fz="sm">
      #{entry.recordId}
    </Anchor>
  ) : (
    <>#{entry.recordId}</>
  );
}

export default defineResource({
  meta: auditLogMeta,
  api: auditLogApi,
  recordLabel: (entry: AuditEntryDetail, t) =>
    `${entry.actor.name ?? t("AUDIT.NOBODY")} · ${actionText(entry, t)} · ${resourceText(entry, t)}`,
  list: {
    searchable: false,
    columns: [
      { key: "at", label: `${F}.AT`, kind: "datetime", link: true, nowrap: true },
      { key: "actor", label: `${F}.ACTOR`, value: (entry, t) => entry.actor.name ?? t("AUDIT.NOBODY") },
      { key: "action", label: `${F}.ACTION`, value: actionText },
      { key: "resource", label: `${F}.RESOURCE`, value: resourceText },
      { key: "recordId", label: `${F}.RECORD`, value: (entry) => <RecordLink entry={entry} />, width: 110 },
      {
        key: "changes",
        label: `${F}.CHANGES`,
        value: (entry, t) => (
          <Text size="sm" lineClamp={2}>
            {changedFieldsText(entry.changes, t)}
          </Text>
        ),
      },
    ],
    filters: [
      {
        name: "actor",
        label: `${F}.ACTOR`,
        kind: "autocomplete",
        searchOnServer: true,
        useOptions: useAuditActorOptions,
      },
      { name: "action", label: `${F}.ACTION`, kind: "select", useOptions: useAuditActionOptions },
      { name: "resource", label: `${F}.RESOURCE`, kind: "select", useOptions: useAuditResourceOptions },
      { name: "recordId", label: `${F}.RECORD_ID`, kind: "text", maxLength: 60 },
      { name: "from", label: `${F}.FROM`, kind: "date" },
      { name: "to", label: `${F}.TO`, kind: "date" },
    ],
    phone: { primary: "at", secondary: ["actor", "action", "resource"] },
  },
  detail: {
    history: false,
    fields: [
      { key: "at", label: `${F}.AT`, kind: "datetime" },
      {
        key: "actor",
        label: `${F}.ACTOR`,
        value: (entry, t) =>
          entry.actor.name ? `${entry.actor.name} (${entry.actor.email ?? "—"})` : t("AUDIT.NOBODY"),
      },
      { key: "action", label: `${F}.ACTION`, value: actionText },
      { key: "resource", label: `${F}.RESOURCE`, value: resourceText },
      { key: "recordId", label: `${F}.RECORD`, value: (entry) => <RecordLink entry={entry} /> },
      { key: "ip", label: `${F}.IP` },
      { key: "userAgent", label: `${F}.USER_AGENT` },
      { key: "requestId", label: `${F}.REQUEST_ID` },
    ],
    sections: [
      {
        key: "changes",
        title: `${F}.CHANGES`,
        render: (entry) => <ChangeTable changes={entry.changes} resource={entry.resource} />,
      },
    ],
  },
});
