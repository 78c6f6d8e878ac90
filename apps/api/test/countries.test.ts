import { country } from "@palco/shared";
import { describe, expect, it } from "vitest";
import { describeCrudContract, nextCode3, useGeography } from "./geography-suite.ts";
import { call, expectErrorShape } from "./helpers.ts";

const f = useGeography();

describeCrudContract(f, {
  path: "countries",
  entity: country,
  option: country,
  validBody: async () => ({ name: `Country ${nextCode3()}`, code: nextCode3() }),
  create: (fixtures, body) => fixtures.createCountry(body),
  codeMessages: { en: "Another country already uses this code", es: "Otro país ya usa este código" },
  nameMissing: { en: "The country name is required", es: "El nombre del país es obligatorio" },
  codeFormat: {
    en: "The country code must be exactly three capital letters",
    es: "El código del país debe ser exactamente tres letras mayúsculas",
  },
  badCodes: ["mex", "ME", "MEXI", "M3X", "ABC-123", " MX "],
});

describe("countries: delete with states", () => {
  it("refuses with 409 and the HAS_STATES message while states exist, then deletes once they are gone", async () => {
    const state = await f.createState();
    const countryId = state.countryId;
    const refused = expectErrorShape(
      await call(f.t.app, { method: "DELETE", url: `/api/countries/${countryId}`, headers: f.auth }),
      409,
    );
    expect(refused.message).toBe("This country still has states; delete or move them first");
    expect(refused.messages).toEqual({ general: refused.message });
    const spanish = await call(f.t.app, {
      method: "DELETE",
      url: `/api/countries/${countryId}`,
      headers: { ...f.auth, "accept-language": "es" },
    });
    expect(expectErrorShape(spanish, 409).message).toBe("Este país aún tiene estados; elimínalos o muévelos primero");
    expect(
      (await call(f.t.app, { method: "GET", url: `/api/countries/${countryId}`, headers: f.auth })).statusCode,
    ).toBe(200);

    expect(
      (await call(f.t.app, { method: "DELETE", url: `/api/states/${state.id}`, headers: f.auth })).statusCode,
    ).toBe(204);
    expect(
      (await call(f.t.app, { method: "DELETE", url: `/api/countries/${countryId}`, headers: f.auth })).statusCode,
    ).toBe(204);
  });
});
