import { IconLayoutDashboard, IconSettings } from "@tabler/icons-react";
import { auditLogMeta } from "@/features/audit-log/meta.ts";
import { bookingsMeta } from "@/features/bookings/meta.ts";
import { boxesMeta } from "@/features/boxes/meta.ts";
import { categoriesMeta } from "@/features/categories/meta.ts";
import { citiesMeta } from "@/features/cities/meta.ts";
import { countriesMeta } from "@/features/countries/meta.ts";
import { eventsMeta } from "@/features/events/meta.ts";
import { notificationsMeta } from "@/features/notifications/meta.ts";
import { ownersMeta } from "@/features/owners/meta.ts";
import { paymentMethodsMeta } from "@/features/payment-methods/meta.ts";
import { paymentProvidersMeta } from "@/features/payment-providers/meta.ts";
import { rolesMeta } from "@/features/roles/meta.ts";
import { servicesMeta } from "@/features/services/meta.ts";
import { statesMeta } from "@/features/states/meta.ts";
import { usersMeta } from "@/features/users/meta.ts";
import { venuesMeta } from "@/features/venues/meta.ts";
import type { ResourceMeta } from "@/kit/resource.ts";

/**
 * Every resource of the product, in menu order. Built resources bring `load` (their declaration, in its own
 * chunk); the others are declared with their permissions only and show a "coming soon" page until built.
 */
export const RESOURCES: ResourceMeta[] = [
  usersMeta,
  rolesMeta,
  auditLogMeta,
  notificationsMeta,
  venuesMeta,
  eventsMeta,
  categoriesMeta,
  ownersMeta,
  boxesMeta,
  servicesMeta,
  bookingsMeta,
  paymentProvidersMeta,
  paymentMethodsMeta,
  countriesMeta,
  statesMeta,
  citiesMeta,
];

/** A sidebar entry. `permission: null` = any signed-in user. */
export type NavItem = {
  path: string;
  label: string;
  icon: ResourceMeta["icon"];
  permission: ResourceMeta["permissions"]["index"] | null;
  section: ResourceMeta["section"] | null;
  badge?: "unread-notifications" | "review-owners" | "review-boxes";
};

export const DASHBOARD_NAV: NavItem = {
  path: "/",
  label: "NAV.DASHBOARD",
  icon: IconLayoutDashboard,
  permission: null,
  section: null,
};

/** Fee settings (spec 02): guarded by SERVICES_INDEX; not a resource. */
export const SETTINGS_NAV: NavItem = {
  path: "/settings",
  label: "NAV.SETTINGS",
  icon: IconSettings,
  permission: "SERVICES_INDEX",
  section: "CONFIGURATION",
};

/** Counters next to menu entries: unread notifications, and what waits for a review decision. */
const NAV_BADGES: Record<string, NavItem["badge"]> = {
  notifications: "unread-notifications",
  owners: "review-owners",
  boxes: "review-boxes",
};

export const NAV_ITEMS: NavItem[] = [
  DASHBOARD_NAV,
  ...RESOURCES.map(
    (meta): NavItem => ({
      path: `/${meta.name}`,
      label: meta.navLabel,
      icon: meta.icon,
      permission: meta.permissions.index,
      section: meta.section,
      badge: NAV_BADGES[meta.name],
    }),
  ),
  SETTINGS_NAV,
];
