import { errorBody, idParams, type PaymentMethod, paymentMethod, paymentMethodListItem } from "@palco/shared";
import { asc, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { registerActivationRoutes } from "../../platform/activation.ts";
import { registerBulkRoutes } from "../../platform/bulk.ts";
import type { Db } from "../../platform/db.ts";
import { notFound } from "../../platform/errors.ts";
import { paymentMethods, paymentProviders } from "../../platform/schema.ts";

const tags = ["Payment methods"];
const errors = { "4xx": errorBody };

async function getMethod(db: Db, id: number): Promise<PaymentMethod> {
  const [row] = await db
    .select({
      id: paymentMethods.id,
      method: paymentMethods.method,
      isActive: paymentMethods.isActive,
      provider: { id: paymentProviders.id, name: paymentProviders.name, isActive: paymentProviders.isActive },
    })
    .from(paymentMethods)
    .innerJoin(paymentProviders, eq(paymentProviders.id, paymentMethods.providerId))
    .where(eq(paymentMethods.id, id))
    .limit(1);
  if (!row) throw notFound();
  return row;
}

/** Methods come with their provider's integration (seeded): listed, shown, blocked and unblocked. */
export async function paymentMethodRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = () => app.db;

  r.get(
    "/api/payment-methods",
    {
      config: { permission: "PAYMENT_METHODS_INDEX" },
      schema: {
        tags,
        summary: "Every payment method (unpaged), ordered by provider name then method; provider is its name",
        response: { 200: z.array(paymentMethodListItem), ...errors },
      },
    },
    async () =>
      db()
        .select({
          id: paymentMethods.id,
          method: paymentMethods.method,
          isActive: paymentMethods.isActive,
          provider: paymentProviders.name,
        })
        .from(paymentMethods)
        .innerJoin(paymentProviders, eq(paymentProviders.id, paymentMethods.providerId))
        .orderBy(asc(paymentProviders.name), asc(paymentMethods.method), asc(paymentMethods.id)),
  );

  r.get(
    "/api/payment-methods/:id",
    {
      // Spec 01 §2: the detail screen is guarded by PAYMENT_METHODS_INDEX (there is no PAYMENT_METHODS_SHOW).
      config: { permission: "PAYMENT_METHODS_INDEX" },
      schema: {
        tags,
        summary: "One payment method with its provider",
        params: idParams,
        response: { 200: paymentMethod, ...errors },
      },
    },
    async (request) => getMethod(db(), request.params.id),
  );

  registerActivationRoutes(app, {
    base: "/api/payment-methods",
    tags,
    permission: "PAYMENT_METHODS_ACTIVATE",
    summary: {
      activate: "Unblock a payment method",
      deactivate: "Block a payment method: it cannot be used for new payments or charges",
    },
    response: paymentMethod,
    resource: "payment-methods",
    load: getMethod,
    change: paymentMethods,
  });
  // An unpaged list: "select all on this page" is every row, so no ids route.
  registerBulkRoutes(app, {
    base: "/api/payment-methods",
    tags,
    plural: "payment methods",
    actions: { activate: "PAYMENT_METHODS_ACTIVATE", deactivate: "PAYMENT_METHODS_ACTIVATE" },
  });
}
