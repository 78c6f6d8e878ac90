import { viewsEs } from "./views-es.ts";

/**
 * The texts of saved list views (features/views): the list page's view bar and its dialogs, the sidebar's views.
 * Feature texts (lib/i18n.ts), loaded with the view bar and the sidebar's views, which come after a page's first
 * paint; the API's validation messages join them under VIEWS.VALIDATION (packages/shared).
 */

export const viewsEn = {
  SAVE: "Save view",
  SAVE_TITLE: "Save this list as a view",
  SAVE_HINT: "The view keeps this list's search, filters and sort, not the page.",
  NAME: "Name",
  NAME_PLACEHOLDER: "Owners waiting for review",
  SHARE_WITH: "Share with roles",
  SHARE_HINT: "Leave it empty to keep the view to yourself.",
  SHARE_PLACEHOLDER: "Private",
  SHOWING: "View",
  CHANGED: "changed",
  MENU: "View actions: {{name}}",
  UPDATE: "Update view",
  UPDATE_HINT: "Save the current search, filters and sort into this view",
  RENAME: "Rename",
  RENAME_TITLE: "Rename or share the view",
  DELETE: "Delete",
  DELETE_TITLE: "Delete the view",
  DELETE_CONFIRM: "Delete the view “{{name}}”? Whoever it is shared with will no longer see it.",
  SAVED: "The view “{{name}}” was saved.",
  UPDATED: "The view “{{name}}” was updated.",
  DELETED: "The view “{{name}}” was deleted.",
  SAVE_ERROR: "The view could not be saved. Check the connection and try again.",
  DELETE_ERROR: "The view could not be deleted. Check the connection and try again.",
  SHARED_BY: "Shared by {{name}}",
  SYSTEM: "Shipped with the app",
  PRIVATE: "Only you",
  SIDEBAR: "Saved views of {{list}}",
  // The lists a view belongs to (the audit trail names a view's list with these).
  LISTS: {
    users: "Users",
    roles: "Roles",
    "audit-log": "Audit trail",
    notifications: "Notifications",
    venues: "Venues",
    events: "Events",
    categories: "Categories",
    owners: "Owners",
    boxes: "Boxes",
    services: "Services",
    bookings: "Bookings",
    "payment-providers": "Payment providers",
    "payment-methods": "Payment methods",
    countries: "Countries",
    states: "States",
    cities: "Cities",
  },
};

export const texts = { en: { VIEWS: viewsEn }, es: { VIEWS: viewsEs } };
