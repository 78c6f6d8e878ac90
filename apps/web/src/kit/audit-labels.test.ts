import {
  AUDIT_ACTIONS,
  AUDIT_DERIVED_FIELDS,
  AUDIT_EVENT_FIELDS,
  AUDIT_RESOURCES,
  type AuditResource,
  booking,
  box,
  category,
  city,
  country,
  event,
  feeSettingsInput,
  owner,
  paymentMethod,
  paymentProvider,
  role,
  SIGN_IN_FAILURES,
  savedView,
  service,
  state,
  user,
  venue,
} from "@palco/shared";
import type { TFunction } from "i18next";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { loadMessages } from "@/lib/i18n.ts";
import { AUDIT_VALUE_LABELS, auditFieldKey, auditValueText, changedFieldsText } from "./audit-labels.ts";

/**
 * Each audited resource's record as the API answers it: an entry's `changes` name its fields (a create or delete
 * names them all). A new resource in the shared list must say here what it records.
 */
const RECORDS: Record<AuditResource, z.ZodObject | null> = {
  users: user,
  roles: role,
  venues: venue,
  events: event,
  categories: category,
  owners: owner,
  boxes: box,
  services: service,
  bookings: booking,
  "payment-providers": paymentProvider,
  "payment-methods": paymentMethod,
  countries: country,
  states: state,
  cities: city,
  settings: feeSettingsInput,
  // Events without a record: their changes are the shared AUDIT_EVENT_FIELDS.
  simulation: null,
  auth: null,
  // A shared view records what it opens and for whom (not the asker's `mine`, nor the ids beside the role names).
  views: savedView.omit({ mine: true, roleIds: true, owner: true }),
  // Never changed: only its exports are recorded (their fields are the export's own).
  "audit-log": null,
};

/** Fields of nested values the trail spells out (objects without a name or code; bookkeeping left out). */
const NESTED_SKIPPED = new Set(["id", "createdAt", "updatedAt"]);

/** The fields the security events of a member record (apps/api/src/modules/security), and their values. */
const SECURITY_EVENT_FIELDS = ["factor", "passkey", "passkeys", "totp", "recoveryCodes", "session", "method", "reason"];
const SECURITY_EVENT_VALUES: Record<string, readonly string[]> = {
  method: ["totp", "passkey", "recovery", "password"],
  factor: ["totp", "passkey"],
  reason: ["ended-by-member", "ended-by-staff", "factors-reset", "role-requires-mfa"],
};

type Found = { fields: Set<string>; enums: Map<string, readonly string[]> };

function walk(schema: z.ZodType, path: string, found: Found, top: boolean, skipped = NESTED_SKIPPED) {
  if (schema instanceof z.ZodNullable || schema instanceof z.ZodOptional || schema instanceof z.ZodDefault) {
    walk(schema.unwrap() as z.ZodType, path, found, top, skipped);
  } else if (schema instanceof z.ZodPipe) {
    walk(schema.out as z.ZodType, path, found, top, skipped);
  } else if (schema instanceof z.ZodArray) {
    walk(schema.element as z.ZodType, path, found, top, skipped);
  } else if (schema instanceof z.ZodEnum) {
    found.enums.set(path, schema.options as string[]);
  } else if (schema instanceof z.ZodObject) {
    const shape = schema.shape as Record<string, z.ZodType>;
    // An object with a name (or a code) reads as that name: its other fields never show.
    if (!top && ("name" in shape || "code" in shape)) return;
    for (const [key, inner] of Object.entries(shape)) {
      if (skipped.has(key)) continue;
      found.fields.add(key);
      walk(inner, path ? `${path}.${key}` : key, found, false);
    }
  }
}

function recorded(resource: AuditResource): Found {
  const found: Found = { fields: new Set(), enums: new Map() };
  const schema = RECORDS[resource];
  // The API leaves these out of every entry (read from the trail itself).
  const derived: readonly string[] = AUDIT_DERIVED_FIELDS[resource as keyof typeof AUDIT_DERIVED_FIELDS] ?? [];
  if (schema) walk(schema, "", found, true, new Set(derived));
  return found;
}

type Tree = { [key: string]: string | Tree };
const lookup = (tree: Tree, key: string) =>
  key
    .split(".")
    .reduce<string | Tree | undefined>((node, part) => (typeof node === "object" ? node[part] : undefined), tree);

describe("the audit trail's labels", async () => {
  const languages = {
    en: (await loadMessages("en", { withFeatures: true })) as Tree,
    es: (await loadMessages("es", { withFeatures: true })) as Tree,
  };
  const missing = (keys: string[]) =>
    Object.entries(languages).flatMap(([language, tree]) =>
      keys.filter((key) => typeof lookup(tree, key) !== "string").map((key) => `${language}: ${key}`),
    );

  it("name every action and every resource the API writes, in both languages", () => {
    expect(
      missing([
        ...AUDIT_ACTIONS.map((action) => `AUDIT.ACTIONS.${action}`),
        ...AUDIT_RESOURCES.map((resource) => `AUDIT.RESOURCES.${resource}`),
        // The one record named by a word (the fee settings).
        "AUDIT.RECORDS.fees",
      ]),
    ).toEqual([]);
  });

  it("name every field of every audited record, and of the events' own changes, in both languages", () => {
    const fields = new Set<string>([...AUDIT_EVENT_FIELDS, ...SECURITY_EVENT_FIELDS]);
    for (const resource of AUDIT_RESOURCES) for (const field of recorded(resource).fields) fields.add(field);
    expect(missing([...fields].map(auditFieldKey))).toEqual([]);
  });

  it("name every enumerated value of every audited record, in both languages", () => {
    const keys: string[] = [];
    const unlabelled: string[] = [];
    for (const resource of AUDIT_RESOURCES) {
      for (const [path, values] of recorded(resource).enums) {
        const prefix = AUDIT_VALUE_LABELS[resource]?.[path];
        if (!prefix) unlabelled.push(`${resource}.${path}`);
        else keys.push(...values.map((value) => `${prefix}.${value}`));
      }
    }
    for (const resource of ["users", "auth"] as const) {
      const prefix = AUDIT_VALUE_LABELS[resource]?.reason;
      if (!prefix) unlabelled.push(`${resource}.reason`);
      else keys.push(...SIGN_IN_FAILURES.map((reason) => `${prefix}.${reason}`));
    }
    // The security events of a member (apps/api security service): how they proved it was them, which factor
    // changed, why a session ended.
    for (const [field, values] of Object.entries(SECURITY_EVENT_VALUES)) {
      const prefix = AUDIT_VALUE_LABELS.users?.[field];
      if (!prefix) unlabelled.push(`users.${field}`);
      else keys.push(...values.map((value) => `${prefix}.${value}`));
    }
    expect(unlabelled).toEqual([]);
    expect(missing(keys)).toEqual([]);
  });

  it("show labels, not codes, for fields and values", () => {
    const tree = languages.en;
    const t = ((key: string, options?: { defaultValue?: string }) => {
      const text = lookup(tree, key);
      return typeof text === "string" ? text : (options?.defaultValue ?? key);
    }) as unknown as TFunction;
    expect(changedFieldsText({ readyForReview: [true, false], status: ["pending", "accepted"] }, t)).toBe(
      "Sent for review, Status",
    );
    expect(auditValueText("accepted", t, { resource: "owners", field: "status" })).toBe("Accepted");
    expect(auditValueText("returned", t, { resource: "boxes", field: "status" })).toBe("Rejected");
    expect(auditValueText("payed", t, { resource: "bookings", field: "ownerPaymentStatus" })).toBe("Paid");
    expect(auditValueText("canceled", t, { resource: "bookings", field: "status" })).toBe("Canceled");
    expect(auditValueText("wrong-password", t, { resource: "users", field: "reason" })).toBe("Wrong password");
    expect(auditValueText("factors-reset", t, { resource: "users", field: "reason" })).toBe(
      "Two-step sign-in reset by staff",
    );
    expect(auditValueText("recovery", t, { resource: "users", field: "method" })).toBe("Recovery code");
    expect(auditValueText("passkey", t, { resource: "users", field: "factor" })).toBe("Passkey");
    expect(changedFieldsText({ factor: [null, "totp"], recoveryCodes: [null, 10] }, t)).toBe(
      "Sign-in factor, Recovery codes",
    );
    expect(changedFieldsText({ reason: [null, "ended-by-staff"], session: ["a1", null] }, t)).toBe("Reason, Session");
    expect(auditValueText(true, t, { resource: "owners", field: "readyForReview" })).toBe("Yes");
    expect(
      auditValueText([{ id: 3, status: "refund", amount: "500.00" }], t, { resource: "bookings", field: "payments" }),
    ).toBe("Status: Refund, Amount: $500.00");
  });
});
