import type { Owner } from "@palco/shared";
import type { FastifyInstance } from "fastify";
import { crudExport, text, whole } from "../exports/declaration.ts";
import { ownerResource } from "./routes.ts";

/** What only an owner's detail shows (OWNERS_SHOW): identity and bank data stay out of a list-only member's file. */
const DETAIL = "OWNERS_SHOW" as const;

export const ownerExport = (app: FastifyInstance) =>
  crudExport<never, Owner>(ownerResource(app) as never, {
    resource: "owners",
    personal: true,
    columns: [
      { header: "id", value: (row) => whole(row.id), width: 8 },
      { header: "fullName", value: (row) => text(row.fullName), width: 28 },
      { header: "email", value: (row) => text(row.email), width: 30 },
      { header: "phone", value: (row) => text(`+${row.phoneCountry} ${row.phone}`) },
      { header: "reviewStatus", value: (row, c) => c.label("REVIEW_STATUSES", row.status) },
      { header: "readyAt", value: (row, c) => c.instant(row.readyAt), width: 20 },
      { header: "boxes", value: (row) => whole(row.boxes) },
      { header: "active", value: (row, c) => c.yesNo(row.isActive) },
      { header: "createdAtMarket", value: (row, c) => c.instant(row.createdAt), width: 20 },
      { header: "rfc", value: (row) => text(row.rfc), permission: DETAIL, width: 16 },
      { header: "documentType", value: (row, c) => c.label("DOCUMENT_TYPES", row.documentType), permission: DETAIL },
      { header: "birthAt", value: (row) => text(row.birthAt), permission: DETAIL },
      { header: "placeOfBirth", value: (row) => text(row.placeOfBirth), permission: DETAIL },
      { header: "address", value: (row) => text(row.address), permission: DETAIL, width: 36 },
      { header: "bankName", value: (row) => text(row.bankAccount?.bankName), permission: DETAIL },
      { header: "accountNumber", value: (row) => text(row.bankAccount?.accountNumber), permission: DETAIL },
      { header: "clabe", value: (row) => text(row.bankAccount?.clabeNumber), permission: DETAIL, width: 22 },
      { header: "holderName", value: (row) => text(row.bankAccount?.holderName), permission: DETAIL, width: 28 },
    ],
  });
