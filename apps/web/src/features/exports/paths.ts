/** The member's exports page (the user menu and the export notifications link to it). */
export const EXPORTS_PATH = "/exports";
