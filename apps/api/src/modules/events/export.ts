import type { Event } from "@palco/shared";
import { crudExport, text, whole } from "../exports/declaration.ts";
import { eventResource } from "./routes.ts";

export const eventExport = crudExport<never, Event>(eventResource as never, {
  resource: "events",
  personal: false,
  columns: [
    { header: "id", value: (row) => whole(row.id), width: 8 },
    { header: "name", value: (row) => text(row.name), width: 30 },
    { header: "startsAt", value: (row) => text(row.localStartsAt), width: 20 },
    { header: "timeZone", value: (row) => text(row.timeZone), width: 20 },
    { header: "duration", value: (row) => whole(row.duration) },
    { header: "venue", value: (row) => text(row.venue.name), width: 26 },
    { header: "city", value: (row) => text(row.venue.city.name) },
    { header: "state", value: (row) => text(row.venue.city.state.name) },
    { header: "categories", value: (row) => text(row.categories.map((category) => category.name).join(", ")) },
    { header: "active", value: (row, c) => c.yesNo(row.isActive) },
    { header: "createdAtMarket", value: (row, c) => c.instant(row.createdAt), width: 20 },
  ],
});
