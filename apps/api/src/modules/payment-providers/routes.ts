import { errorBody, idParams, type PaymentProvider, paymentProvider, paymentProviderListItem } from "@palco/shared";
import { asc, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { registerActivationRoutes } from "../../platform/activation.ts";
import { registerBulkRoutes } from "../../platform/bulk.ts";
import type { Db } from "../../platform/db.ts";
import { notFound } from "../../platform/errors.ts";
import { countries, paymentProviderCountries, paymentProviders } from "../../platform/schema.ts";

const tags = ["Payment providers"];
const errors = { "4xx": errorBody };

async function getProvider(db: Db, id: number): Promise<PaymentProvider> {
  const [row] = await db
    .select({ id: paymentProviders.id, name: paymentProviders.name, isActive: paymentProviders.isActive })
    .from(paymentProviders)
    .where(eq(paymentProviders.id, id))
    .limit(1);
  if (!row) throw notFound();
  const served = await db
    .select({ id: countries.id, name: countries.name })
    .from(paymentProviderCountries)
    .innerJoin(countries, eq(countries.id, paymentProviderCountries.countryId))
    .where(eq(paymentProviderCountries.providerId, id))
    .orderBy(asc(countries.name), asc(countries.id));
  return { ...row, countries: served };
}

/** Providers are integrations in code (seeded): they are listed, shown, blocked and unblocked, never edited. */
export async function paymentProviderRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = () => app.db;

  r.get(
    "/api/payment-providers",
    {
      config: { permission: "PAYMENT_PROVIDERS_INDEX" },
      schema: {
        tags,
        summary: "Every payment provider, ordered by name (unpaged)",
        response: { 200: z.array(paymentProviderListItem), ...errors },
      },
    },
    async () =>
      db()
        .select({ id: paymentProviders.id, name: paymentProviders.name, isActive: paymentProviders.isActive })
        .from(paymentProviders)
        .orderBy(asc(paymentProviders.name), asc(paymentProviders.id)),
  );

  r.get(
    "/api/payment-providers/:id",
    {
      config: { permission: "PAYMENT_PROVIDERS_SHOW" },
      schema: {
        tags,
        summary: "One payment provider with the countries it serves (ordered by name)",
        params: idParams,
        response: { 200: paymentProvider, ...errors },
      },
    },
    async (request) => getProvider(db(), request.params.id),
  );

  registerActivationRoutes(app, {
    base: "/api/payment-providers",
    tags,
    permission: "PAYMENT_PROVIDERS_ACTIVATE",
    summary: {
      activate: "Unblock a payment provider",
      deactivate: "Block a payment provider: none of its methods can be used for new payments or charges",
    },
    response: paymentProvider,
    resource: "payment-providers",
    load: getProvider,
    change: paymentProviders,
  });
  // An unpaged list: "select all on this page" is every row, so no ids route.
  registerBulkRoutes(app, {
    base: "/api/payment-providers",
    tags,
    plural: "payment providers",
    actions: { activate: "PAYMENT_PROVIDERS_ACTIVATE", deactivate: "PAYMENT_PROVIDERS_ACTIVATE" },
  });
}
