import type { PaymentProvider, PaymentProviderListItem } from "@palco/shared";
import { createResourceApi } from "@/kit/resource-api.ts";

/** GET /api/payment-providers (unpaged array), GET /api/payment-providers/{id}, PUT …/activate|deactivate. */
export const paymentProvidersApi = createResourceApi<PaymentProvider, PaymentProviderListItem>("payment-providers", {
  // A method's detail shows its provider.
  related: ["payment-methods"],
});
