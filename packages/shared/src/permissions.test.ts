import { describe, expect, it } from "vitest";
import { pickLanguage } from "./constants.ts";
import { translate } from "./i18n/index.ts";
import { can, PERMISSION_CODES, PERMISSION_GROUPS, PERMISSIONS } from "./permissions.ts";

describe("permission catalogue", () => {
  it("holds every code of both specification documents exactly as written, plus the audit trail's own", () => {
    const expected = [
      "USERS_INDEX USERS_CREATE USERS_SHOW USERS_EDIT USERS_DELETE USERS_ACTIVATE",
      "ROLES_INDEX ROLES_CREATE ROLES_SHOW ROLES_EDIT",
      "CITIES_INDEX CITIES_CREATE CITIES_SHOW CITIES_EDIT CITIES_ACTIVATE CITY_DELETE",
      "STATES_INDEX STATES_CREATE STATES_SHOW STATES_EDIT STATES_ACTIVATE STATE_DELETE",
      "COUNTRIES_INDEX COUNTRIES_CREATE COUNTRIES_SHOW COUNTRIES_EDIT COUNTRIES_ACTIVATE COUNTRY_DELETE",
      "PAYMENT_PROVIDERS_INDEX PAYMENT_PROVIDERS_SHOW PAYMENT_PROVIDERS_ACTIVATE",
      "PAYMENT_METHODS_INDEX PAYMENT_METHODS_ACTIVATE",
      "VENUES_INDEX VENUES_CREATE VENUES_EDIT VENUES_SHOW VENUES_DELETE VENUE_ACTIVATE",
      "OWNERS_INDEX OWNERS_SHOW OWNERS_CHANGE_STATUS OWNERS_ACTIVATE",
      "BOXES_INDEX BOXES_SHOW BOXES_CHANGE_STATUS BOXES_ACTIVATE",
      "CATEGORIES_INDEX CATEGORIES_CREATE CATEGORIES_EDIT CATEGORIES_SHOW CATEGORIES_ACTIVATE CATEGORIES_DELETE",
      "SERVICES_INDEX SERVICES_CREATE SERVICES_EDIT SERVICES_SHOW SERVICES_DELETE",
      "EVENTS_INDEX EVENTS_CREATE EVENTS_EDIT EVENTS_SHOW EVENTS_ACTIVATE EVENTS_DELETE",
      "NOTIFICATIONS_INDEX",
      "BOOKINGS_INDEX BOOKINGS_SHOW BOOKINGS_UPDATE BOOKINGS_CANCEL_BOOKING",
      // Not in the spec: the audit trail (issue 9, docs/decisions.md).
      "AUDIT_LOG_INDEX",
    ]
      .join(" ")
      .split(" ");
    expect([...PERMISSION_CODES].sort()).toEqual([...expected].sort());
  });

  it("gives every code a known group and a description in both languages", () => {
    for (const code of PERMISSION_CODES) {
      const { group, description } = PERMISSIONS[code];
      expect(PERMISSION_GROUPS[group]).toBeDefined();
      expect(description.en.length).toBeGreaterThan(3);
      expect(description.es.length).toBeGreaterThan(3);
    }
  });

  it("lets a super-admin through everything and others only with the code", () => {
    expect(can({ isSuperAdmin: true, permissions: [] }, "CITY_DELETE")).toBe(true);
    expect(can({ isSuperAdmin: false, permissions: ["CITIES_INDEX"] }, "CITIES_INDEX")).toBe(true);
    expect(can({ isSuperAdmin: false, permissions: ["CITIES_INDEX"] }, "CITY_DELETE")).toBe(false);
    expect(can(null, null)).toBe(false);
    expect(can({ isSuperAdmin: false, permissions: [] }, null)).toBe(true);
  });
});

describe("languages", () => {
  it("picks the first supported language of an Accept-Language header", () => {
    expect(pickLanguage("es-MX,es;q=0.9,en;q=0.8")).toBe("es");
    expect(pickLanguage("fr-FR,en;q=0.5")).toBe("en");
    expect(pickLanguage(undefined)).toBe("en");
  });

  it("translates shared keys and returns unknown keys unchanged", () => {
    expect(translate("es", "ERRORS.FORBIDDEN")).toBe(
      "La cuenta de usuario no tiene permisos suficientes para realizar esta acción",
    );
    expect(translate("en", "ERRORS.FORBIDDEN")).toBe(
      "The user account does not have enough permissions to perform this action",
    );
    expect(translate("en", "NOPE.MISSING")).toBe("NOPE.MISSING");
  });
});
