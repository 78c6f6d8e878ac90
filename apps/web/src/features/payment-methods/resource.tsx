import type { PaymentMethod } from "@palco/shared";
import { defineResource } from "@/kit/resource.ts";
import { paymentMethodsApi } from "./api.ts";
import { paymentMethodsMeta } from "./meta.ts";

const F = "PAYMENT_METHODS.FIELDS";
const KINDS = "PAYMENT_METHODS.KINDS";

export default defineResource({
  meta: paymentMethodsMeta,
  api: paymentMethodsApi,
  recordLabel: (method: PaymentMethod, t) =>
    t("PAYMENT_METHODS.LABEL", { method: t(`${KINDS}.${method.method}`), provider: method.provider.name }),
  list: {
    paged: false,
    searchable: false,
    columns: [
      { key: "id", label: `${F}.NUMBER`, width: 80 },
      { key: "method", label: `${F}.METHOD`, kind: "enum", enumKey: KINDS, link: true },
      { key: "provider", label: `${F}.PROVIDER` },
      { key: "isActive", label: `${F}.ACTIVE`, kind: "boolean", width: 120 },
    ],
  },
  detail: {
    fields: [
      { key: "id", label: `${F}.ID` },
      { key: "method", label: `${F}.METHOD`, kind: "enum", enumKey: KINDS },
      { key: "provider", label: `${F}.PROVIDER`, value: (method) => method.provider.name },
    ],
  },
});
