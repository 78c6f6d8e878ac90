import type { PaymentProvider } from "@palco/shared";
import { defineResource } from "@/kit/resource.ts";
import { paymentProvidersApi } from "./api.ts";
import { paymentProvidersMeta } from "./meta.ts";

const F = "PAYMENT_PROVIDERS.FIELDS";

export default defineResource({
  meta: paymentProvidersMeta,
  api: paymentProvidersApi,
  recordLabel: (provider: PaymentProvider) => provider.name,
  list: {
    paged: false,
    searchable: false,
    columns: [
      { key: "id", label: `${F}.NUMBER`, width: 80 },
      { key: "name", label: `${F}.NAME`, link: true },
      { key: "isActive", label: `${F}.ACTIVE`, kind: "boolean", width: 120 },
    ],
  },
  detail: {
    fields: [
      { key: "id", label: `${F}.ID` },
      { key: "name", label: `${F}.NAME` },
      { key: "countries", label: `${F}.COUNTRIES`, kind: "list" },
    ],
  },
});
