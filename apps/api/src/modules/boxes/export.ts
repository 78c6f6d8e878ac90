import type { Box } from "@palco/shared";
import type { FastifyInstance } from "fastify";
import { crudExport, money, text, whole } from "../exports/declaration.ts";
import { boxResource } from "./routes.ts";

export const boxExport = (app: FastifyInstance) =>
  crudExport<never, Box>(boxResource(app) as never, {
    resource: "boxes",
    personal: false,
    columns: [
      { header: "id", value: (row) => whole(row.id), width: 8 },
      { header: "number", value: (row) => text(row.number) },
      { header: "boxZone", value: (row) => text(row.boxZone) },
      { header: "venue", value: (row) => text(row.venue.name), width: 26 },
      { header: "city", value: (row) => text(row.city.name) },
      { header: "owner", value: (row) => text(row.owner.name), width: 26 },
      { header: "type", value: (row, c) => c.label("BOX_TYPES", row.type) },
      { header: "availableSeats", value: (row) => whole(row.availableSeats) },
      { header: "price", value: (row) => money(row.price), width: 14 },
      { header: "deposit", value: (row) => money(row.deposit), width: 14 },
      { header: "shared", value: (row, c) => c.yesNo(row.isShared) },
      { header: "reviewStatus", value: (row, c) => c.label("REVIEW_STATUSES", row.status) },
      { header: "readyAt", value: (row, c) => c.instant(row.readyAt), width: 20 },
      { header: "active", value: (row, c) => c.yesNo(row.isActive) },
      { header: "createdAtMarket", value: (row, c) => c.instant(row.createdAt), width: 20 },
    ],
  });
