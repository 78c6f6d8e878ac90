import type { Venue } from "@palco/shared";
import { crudExport, text, whole } from "../exports/declaration.ts";
import { venueResource } from "./routes.ts";

export const venueExport = crudExport<never, Venue>(venueResource as never, {
  resource: "venues",
  personal: false,
  columns: [
    { header: "id", value: (row) => whole(row.id), width: 8 },
    { header: "name", value: (row) => text(row.name), width: 30 },
    { header: "address", value: (row) => text(row.address), width: 36 },
    { header: "city", value: (row) => text(row.city.name) },
    { header: "state", value: (row) => text(row.state.name) },
    { header: "boxes", value: (row) => whole(row.boxes) },
    { header: "active", value: (row, c) => c.yesNo(row.isActive) },
    { header: "createdAtMarket", value: (row, c) => c.instant(row.createdAt), width: 20 },
  ],
});
