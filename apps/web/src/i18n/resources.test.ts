import { PAYMENT_METHOD_KINDS } from "@palco/shared";
import { describe, expect, it } from "vitest";
import { resources } from "../lib/i18n.ts";

type Tree = { [key: string]: string | Tree };

function leaves(tree: Tree, prefix = ""): [string, string][] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === "string" ? [[`${prefix}${key}`, value] as [string, string]] : leaves(value, `${prefix}${key}.`),
  );
}

describe("translation resources", () => {
  const en = new Map(leaves(resources.en.translation as Tree));
  const es = new Map(leaves(resources.es.translation as Tree));

  it("have the same keys in English and Spanish", () => {
    expect([...es.keys()].sort()).toEqual([...en.keys()].sort());
  });

  it("have no empty texts", () => {
    for (const [key, text] of [...en, ...es]) expect(text.trim(), key).not.toBe("");
  });

  it("name the sidebar sections in Spanish", () => {
    expect(es.get("NAV.SECTIONS.MARKETPLACE")).toBe("Mercado");
    for (const key of [...es.keys()].filter((name) => name.startsWith("NAV.SECTIONS."))) {
      expect(es.get(key), key).not.toBe(en.get(key));
    }
  });

  it("hold the texts the specification quotes", () => {
    expect(en.get("ERROR_PAGES.LOADING_DATA")).toBe(
      "There was an error when fetching the data, please try again and refresh",
    );
    expect(en.get("FORGOT_PASSWORD.ERROR")).toBe("This operation could not be completed. Please try again.");
    expect(en.get("AUTH.INVALID_CREDENTIALS")).toBe("Incorrect e-mail or password");
    // Per-entity texts exist for every built resource.
    for (const ns of ["COUNTRIES", "STATES", "CITIES", "USERS"]) {
      for (const key of ["ERROR_MODAL_TEXT", "AVAILABILITY_TOGGLE_ERROR_MESSAGE", "CREATED", "UPDATED", "DELETED"]) {
        expect(en.has(`${ns}.${key}`), `${ns}.${key}`).toBe(true);
      }
    }
    for (const key of ["ERROR_MODAL_TEXT", "CREATED", "UPDATED", "DELETED"]) {
      expect(en.has(`ROLES.${key}`), `ROLES.${key}`).toBe(true);
    }
    for (const ns of ["PAYMENT_PROVIDERS", "PAYMENT_METHODS"]) {
      for (const key of ["TITLE", "DETAIL_TITLE", "ERROR_MODAL_TEXT", "AVAILABILITY_TOGGLE_ERROR_MESSAGE"]) {
        expect(en.has(`${ns}.${key}`), `${ns}.${key}`).toBe(true);
      }
    }
  });

  it("name every payment method kind in both languages", () => {
    expect(en.get("PAYMENT_METHODS.KINDS.bank")).toBe("Bank transfer");
    expect(en.get("PAYMENT_METHODS.KINDS.cash")).toBe("Convenience store (cash)");
    expect(en.get("PAYMENT_METHODS.KINDS.card")).toBe("Card");
    expect(es.get("PAYMENT_METHODS.KINDS.bank")).toBe("Transferencia bancaria");
    expect(es.get("PAYMENT_METHODS.KINDS.cash")).toBe("Tienda de conveniencia (efectivo)");
    expect(es.get("PAYMENT_METHODS.KINDS.card")).toBe("Tarjeta");
    for (const kind of PAYMENT_METHOD_KINDS) {
      expect(en.has(`PAYMENT_METHODS.KINDS.${kind}`), kind).toBe(true);
    }
  });

  it("are merged over the shared validation messages", () => {
    expect(es.get("COUNTRIES.VALIDATION.CODE_FORMAT")).toBe(
      "El código del país debe ser exactamente tres letras mayúsculas",
    );
    expect(es.get("COUNTRIES.TITLE")).toBe("Países");
  });
});
