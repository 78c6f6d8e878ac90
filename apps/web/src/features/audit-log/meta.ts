import { IconHistory } from "@tabler/icons-react";
import type { ResourceMeta } from "@/kit/resource.ts";
import { loadAuditTexts } from "@/lib/i18n.ts";

/** The audit trail (not in the spec: decisions.md): read-only, for staff holding AUDIT_LOG_INDEX. */
export const auditLogMeta: ResourceMeta = {
  name: "audit-log",
  ns: "AUDIT",
  navLabel: "NAV.AUDIT_LOG",
  icon: IconHistory,
  section: "ACCESS",
  permissions: { index: "AUDIT_LOG_INDEX", show: "AUDIT_LOG_INDEX" },
  // The changes' field names and value labels come with it (the list names the changed fields).
  load: () => Promise.all([import("./resource.tsx"), loadAuditTexts()]).then(([resource]) => resource),
};
