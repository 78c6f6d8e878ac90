import {
  IconArmchair2,
  IconBell,
  IconBuildingStadium,
  IconCalendarEvent,
  IconCategory,
  IconLayoutDashboard,
  IconSettings,
  IconSparkles,
  IconTicket,
  IconUserCheck,
} from "@tabler/icons-react";
import { citiesMeta } from "@/features/cities/meta.ts";
import { countriesMeta } from "@/features/countries/meta.ts";
import { paymentMethodsMeta } from "@/features/payment-methods/meta.ts";
import { paymentProvidersMeta } from "@/features/payment-providers/meta.ts";
import { rolesMeta } from "@/features/roles/meta.ts";
import { statesMeta } from "@/features/states/meta.ts";
import { usersMeta } from "@/features/users/meta.ts";
import type { ResourceMeta } from "@/kit/resource.ts";

/**
 * Every resource of the product, in menu order. Built resources bring `load` (their declaration, in its own
 * chunk); the others are declared with their permissions only and show a "coming soon" page until built.
 */
export const RESOURCES: ResourceMeta[] = [
  usersMeta,
  rolesMeta,
  {
    name: "notifications",
    ns: "NOTIFICATIONS",
    navLabel: "NAV.NOTIFICATIONS",
    icon: IconBell,
    section: "ACCESS",
    permissions: { index: "NOTIFICATIONS_INDEX" },
  },
  {
    name: "venues",
    ns: "VENUES",
    navLabel: "NAV.VENUES",
    icon: IconBuildingStadium,
    section: "MARKETPLACE",
    permissions: { index: "VENUES_INDEX" },
  },
  {
    name: "events",
    ns: "EVENTS",
    navLabel: "NAV.EVENTS",
    icon: IconCalendarEvent,
    section: "MARKETPLACE",
    permissions: { index: "EVENTS_INDEX" },
  },
  {
    name: "categories",
    ns: "CATEGORIES",
    navLabel: "NAV.CATEGORIES",
    icon: IconCategory,
    section: "MARKETPLACE",
    permissions: { index: "CATEGORIES_INDEX" },
  },
  {
    name: "owners",
    ns: "OWNERS",
    navLabel: "NAV.OWNERS",
    icon: IconUserCheck,
    section: "MARKETPLACE",
    permissions: { index: "OWNERS_INDEX" },
  },
  {
    name: "boxes",
    ns: "BOXES",
    navLabel: "NAV.BOXES",
    icon: IconArmchair2,
    section: "MARKETPLACE",
    permissions: { index: "BOXES_INDEX" },
  },
  {
    name: "services",
    ns: "SERVICES",
    navLabel: "NAV.SERVICES",
    icon: IconSparkles,
    section: "MARKETPLACE",
    permissions: { index: "SERVICES_INDEX" },
  },
  {
    name: "bookings",
    ns: "BOOKINGS",
    navLabel: "NAV.BOOKINGS",
    icon: IconTicket,
    section: "MARKETPLACE",
    permissions: { index: "BOOKINGS_INDEX" },
  },
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
  badge?: "unread-notifications";
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

export const NAV_ITEMS: NavItem[] = [
  DASHBOARD_NAV,
  ...RESOURCES.map(
    (meta): NavItem => ({
      path: `/${meta.name}`,
      label: meta.navLabel,
      icon: meta.icon,
      permission: meta.permissions.index,
      section: meta.section,
      badge: meta.name === "notifications" ? "unread-notifications" : undefined,
    }),
  ),
  SETTINGS_NAV,
];

/** Whether the notifications screens exist yet (the unread counter calls their API only then). */
export const NOTIFICATIONS_BUILT = Boolean(RESOURCES.find((meta) => meta.name === "notifications")?.load);
