/** Root of every query that reads the audit trail; any change a screen makes marks them stale. */
export const AUDIT_LOG_KEY = "audit-log";
