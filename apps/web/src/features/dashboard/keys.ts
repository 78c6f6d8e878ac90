/** The reports' cache key, apart from their calls so the live updates can refresh them without loading the page. */
export const REPORTS_KEY = "reports";
