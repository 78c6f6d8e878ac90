import { IconCash } from "@tabler/icons-react";
import type { ResourceMeta } from "@/kit/resource.ts";

/** Read-only resource (seeded): list, detail, block/unblock. */
export const paymentProvidersMeta: ResourceMeta = {
  name: "payment-providers",
  ns: "PAYMENT_PROVIDERS",
  navLabel: "NAV.PAYMENT_PROVIDERS",
  icon: IconCash,
  section: "PAYMENTS",
  permissions: {
    index: "PAYMENT_PROVIDERS_INDEX",
    show: "PAYMENT_PROVIDERS_SHOW",
    activate: "PAYMENT_PROVIDERS_ACTIVATE",
  },
  load: () => import("./resource.tsx"),
};
