import {
  paymentMethod,
  paymentMethodListItem,
  paymentProvider,
  paymentProviderListItem,
  translate,
} from "@palco/shared";
import { describe, expect, it } from "vitest";
import { requireUsablePaymentMethod } from "../src/modules/payment-methods/service.ts";
import { ApiError } from "../src/platform/errors.ts";
import { seedPaymentProviders } from "../src/seed.ts";
import { call, expectErrorShape, type TestApp, withTestApp } from "./helpers.ts";

let t: TestApp;
let admin: { authorization: string };
// SEED_DEMO=false (the helpers' default): providers and methods are reference data and exist anyway.
withTestApp((app, header) => {
  t = app;
  admin = header;
});

const get = (url: string, language?: "en" | "es") =>
  call(t.app, { method: "GET", url, headers: { ...admin, ...(language ? { "accept-language": language } : {}) } });
const put = (url: string) => call(t.app, { method: "PUT", url, headers: admin });

const providers = async () => paymentProviderListItem.array().parse((await get("/api/payment-providers")).json());
const methods = async () => paymentMethodListItem.array().parse((await get("/api/payment-methods")).json());
const providerId = async (name: string) => (await providers()).find((provider) => provider.name === name)!.id;
const methodId = async (provider: string, method: string) =>
  (await methods()).find((item) => item.provider === provider && item.method === method)!.id;

describe("payment providers", () => {
  it("lists every provider (unpaged), ordered by name, all active at first", async () => {
    const response = await get("/api/payment-providers");
    expect(response.statusCode).toBe(200);
    const list = paymentProviderListItem.array().parse(response.json());
    expect(list.map((provider) => provider.name)).toEqual(["Conekta", "Mercado Pago", "Openpay", "Stripe"]);
    expect(list.every((provider) => provider.isActive)).toBe(true);
    for (const item of response.json()) expect(Object.keys(item).sort()).toEqual(["id", "isActive", "name"]);
  });

  it("shows a provider with the countries it serves, linked by code once those countries exist", async () => {
    const stripe = await providerId("Stripe");
    expect(paymentProvider.parse((await get(`/api/payment-providers/${stripe}`)).json())).toEqual({
      id: stripe,
      name: "Stripe",
      isActive: true,
      countries: [],
    });
    for (const [name, code] of [
      ["México", "MEX"],
      ["España", "ESP"],
      ["Canadá", "CAN"],
      ["Colombia", "COL"],
    ]) {
      const created = await call(t.app, {
        method: "POST",
        url: "/api/countries",
        headers: admin,
        payload: { name, code },
      });
      expect(created.statusCode).toBe(201);
    }
    // The next start links them (the seed runs on every start).
    await seedPaymentProviders(t.app.db);
    await seedPaymentProviders(t.app.db);
    const detail = paymentProvider.parse((await get(`/api/payment-providers/${stripe}`)).json());
    expect(detail.countries.map((country) => country.name)).toEqual(["Canadá", "España", "México"]);
    const conekta = paymentProvider.parse((await get(`/api/payment-providers/${await providerId("Conekta")}`)).json());
    expect(conekta.countries.map((country) => country.name)).toEqual(["México"]);
    const openpay = paymentProvider.parse((await get(`/api/payment-providers/${await providerId("Openpay")}`)).json());
    expect(openpay.countries.map((country) => country.name)).toEqual(["Colombia", "México"]);
    expect(await providers()).toHaveLength(4);
    expect(await methods()).toHaveLength(10);

    // Deleting a country only removes it from the providers.
    const colombia = openpay.countries.find((country) => country.name === "Colombia")!;
    expect(
      (await call(t.app, { method: "DELETE", url: `/api/countries/${colombia.id}`, headers: admin })).statusCode,
    ).toBe(204);
    const after = paymentProvider.parse((await get(`/api/payment-providers/${openpay.id}`)).json());
    expect(after.countries.map((country) => country.name)).toEqual(["México"]);
  });

  it("blocks and unblocks (answering the provider); the seed leaves an admin's choice alone", async () => {
    const id = await providerId("Mercado Pago");
    const blocked = await put(`/api/payment-providers/${id}/deactivate`);
    expect(blocked.statusCode).toBe(200);
    expect(paymentProvider.parse(blocked.json())).toMatchObject({ id, name: "Mercado Pago", isActive: false });
    await seedPaymentProviders(t.app.db);
    expect((await get(`/api/payment-providers/${id}`)).json().isActive).toBe(false);
    expect((await providers()).find((provider) => provider.id === id)!.isActive).toBe(false);
    const unblocked = await put(`/api/payment-providers/${id}/activate`);
    expect(unblocked.json().isActive).toBe(true);
  });

  it("answers 404 for unknown ids and 400 for malformed ones", async () => {
    for (const url of [
      "/api/payment-providers/2147483647",
      "/api/payment-providers/2147483647/activate",
      "/api/payment-providers/2147483647/deactivate",
    ]) {
      const response = url.endsWith("activate") ? await put(url) : await get(url);
      expectErrorShape(response, 404);
    }
    for (const id of ["abc", "0", "-1", "99999999999"]) {
      expect(expectErrorShape(await get(`/api/payment-providers/${id}`), 400).messages).toEqual({
        id: "This value is not valid",
      });
      expectErrorShape(await put(`/api/payment-providers/${id}/deactivate`), 400);
    }
  });
});

describe("payment methods", () => {
  it("lists every method (unpaged) with its provider's name, ordered by provider then method", async () => {
    const response = await get("/api/payment-methods");
    expect(response.statusCode).toBe(200);
    const list = paymentMethodListItem.array().parse(response.json());
    expect(list.map((item) => `${item.provider}:${item.method}`)).toEqual([
      "Conekta:bank",
      "Conekta:card",
      "Conekta:cash",
      "Mercado Pago:card",
      "Mercado Pago:cash",
      "Openpay:bank",
      "Openpay:card",
      "Openpay:cash",
      "Stripe:card",
      "Stripe:cash",
    ]);
    expect(list.every((item) => item.isActive)).toBe(true);
  });

  it("shows a method with its provider as an object", async () => {
    const id = await methodId("Conekta", "cash");
    const detail = paymentMethod.parse((await get(`/api/payment-methods/${id}`)).json());
    expect(detail).toEqual({
      id,
      method: "cash",
      isActive: true,
      provider: { id: await providerId("Conekta"), name: "Conekta", isActive: true },
    });
    expectErrorShape(await get("/api/payment-methods/2147483647"), 404);
    expectErrorShape(await get("/api/payment-methods/abc"), 400);
  });

  it("blocks and unblocks (answering the method)", async () => {
    const id = await methodId("Stripe", "card");
    const blocked = await put(`/api/payment-methods/${id}/deactivate`);
    expect(blocked.statusCode).toBe(200);
    expect(paymentMethod.parse(blocked.json())).toMatchObject({ id, isActive: false, provider: { name: "Stripe" } });
    expect((await methods()).find((item) => item.id === id)!.isActive).toBe(false);
    expect((await put(`/api/payment-methods/${id}/activate`)).json().isActive).toBe(true);
    expectErrorShape(await put("/api/payment-methods/2147483647/activate"), 404);
  });
});

describe("requireUsablePaymentMethod", () => {
  const refusal = async (id: number) => {
    const error = await requireUsablePaymentMethod(t.app.db, id).then(
      () => undefined,
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(ApiError);
    return error as ApiError;
  };

  it("answers a usable method, and refuses blocked methods and methods of blocked providers", async () => {
    const id = await methodId("Openpay", "bank");
    const provider = await providerId("Openpay");
    expect(await requireUsablePaymentMethod(t.app.db, id)).toEqual({
      id,
      method: "bank",
      provider: { id: provider, code: "openpay", name: "Openpay" },
    });

    await put(`/api/payment-methods/${id}/deactivate`);
    const methodBlocked = await refusal(id);
    expect(methodBlocked.statusCode).toBe(409);
    expect(methodBlocked.messageKey).toBe("PAYMENT_METHODS.INACTIVE");
    expect(translate("es", methodBlocked.messageKey!)).toBe("Este método de pago está bloqueado y no se puede usar");
    await put(`/api/payment-methods/${id}/activate`);

    await put(`/api/payment-providers/${provider}/deactivate`);
    const providerBlocked = await refusal(id);
    expect(providerBlocked.statusCode).toBe(409);
    expect(providerBlocked.messageKey).toBe("PAYMENT_PROVIDERS.INACTIVE");
    // Other providers' methods are unaffected.
    await expect(requireUsablePaymentMethod(t.app.db, await methodId("Conekta", "bank"))).resolves.toMatchObject({
      method: "bank",
    });
    await put(`/api/payment-providers/${provider}/activate`);
    await expect(requireUsablePaymentMethod(t.app.db, id)).resolves.toMatchObject({ id });

    const unknown = await refusal(2147483647);
    expect(unknown.statusCode).toBe(404);
  });
});
