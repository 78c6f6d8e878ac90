import type { PaymentMethodKind } from "@palco/shared";
import { eq } from "drizzle-orm";
import type { Db } from "../../platform/db.ts";
import { conflict, notFound } from "../../platform/errors.ts";
import { paymentMethods, paymentProviders } from "../../platform/schema.ts";

export interface UsablePaymentMethod {
  id: number;
  method: PaymentMethodKind;
  provider: { id: number; code: string; name: string };
}

/**
 * "A blocked payment provider or method cannot be used to create payments or charges" (spec 01 §4): whatever
 * creates one calls this first, inside its own transaction when it has one. 404 for an unknown method, 409
 * PAYMENT_METHODS.INACTIVE or PAYMENT_PROVIDERS.INACTIVE when either is blocked.
 */
export async function requireUsablePaymentMethod(db: Db, methodId: number): Promise<UsablePaymentMethod> {
  const [row] = await db
    .select({
      id: paymentMethods.id,
      method: paymentMethods.method,
      isActive: paymentMethods.isActive,
      provider: {
        id: paymentProviders.id,
        code: paymentProviders.code,
        name: paymentProviders.name,
        isActive: paymentProviders.isActive,
      },
    })
    .from(paymentMethods)
    .innerJoin(paymentProviders, eq(paymentProviders.id, paymentMethods.providerId))
    .where(eq(paymentMethods.id, methodId))
    .limit(1);
  if (!row) throw notFound();
  if (!row.isActive) throw conflict("PAYMENT_METHODS.INACTIVE");
  if (!row.provider.isActive) throw conflict("PAYMENT_PROVIDERS.INACTIVE");
  return {
    id: row.id,
    method: row.method,
    provider: { id: row.provider.id, code: row.provider.code, name: row.provider.name },
  };
}
