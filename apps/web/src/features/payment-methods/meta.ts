import { IconCreditCard } from "@tabler/icons-react";
import type { ResourceMeta } from "@/kit/resource.ts";

/** Read-only resource (seeded): list, detail (guarded by the index permission, spec 01), block/unblock. */
export const paymentMethodsMeta: ResourceMeta = {
  name: "payment-methods",
  ns: "PAYMENT_METHODS",
  navLabel: "NAV.PAYMENT_METHODS",
  icon: IconCreditCard,
  section: "PAYMENTS",
  permissions: {
    index: "PAYMENT_METHODS_INDEX",
    show: "PAYMENT_METHODS_INDEX",
    activate: "PAYMENT_METHODS_ACTIVATE",
  },
  load: () => import("./resource.tsx"),
};
