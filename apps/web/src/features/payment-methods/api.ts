import type { PaymentMethod, PaymentMethodListItem } from "@palco/shared";
import { createResourceApi } from "@/kit/resource-api.ts";

/** GET /api/payment-methods (unpaged array), GET /api/payment-methods/{id}, PUT …/activate|deactivate. */
export const paymentMethodsApi = createResourceApi<PaymentMethod, PaymentMethodListItem>("payment-methods");
