import { PAYMENT_METHOD_KINDS } from "@palco/shared";
import { describe, expect, it } from "vitest";
import { loadMessages } from "../lib/i18n.ts";

type Tree = { [key: string]: string | Tree };

function leaves(tree: Tree, prefix = ""): [string, string][] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === "string" ? [[`${prefix}${key}`, value] as [string, string]] : leaves(value, `${prefix}${key}.`),
  );
}

describe("translation resources", async () => {
  const en = new Map(leaves((await loadMessages("en", { withFeatures: true })) as Tree));
  const es = new Map(leaves((await loadMessages("es", { withFeatures: true })) as Tree));

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

  it("hold the booking texts the specification quotes", () => {
    expect(en.get("BOOKINGS.ACTION_ERROR")).toBe(
      "One or more problems were found while performing this operation, please verify the provided information and try again...",
    );
    expect(es.get("BOOKINGS.ACTION_ERROR")).toBe(
      "Hubo uno o más problemas al efectuar esta operación, por favor verifica la información proporcionada e intenta de nuevo...",
    );
    expect(en.get("BOOKINGS.CONFIRM")).toBe("Are you sure that you want to {{action}}?");
    expect(en.get("BOOKINGS.VALIDATION.REFERENCE_MISSING")).toBe(
      "The reference number for changing owner payment status is required.",
    );
    for (const status of ["pending", "payed"]) expect(en.has(`BOOKINGS.OWNER_PAYMENT_STATUSES.${status}`)).toBe(true);
    expect(en.get("BOOKINGS.TICKET_STATUSES.sent")).toBe("On the way");
  });

  it("are merged over the shared validation messages", () => {
    expect(es.get("COUNTRIES.VALIDATION.CODE_FORMAT")).toBe(
      "El código del país debe ser exactamente tres letras mayúsculas",
    );
    expect(es.get("COUNTRIES.TITLE")).toBe("Países");
  });
});
