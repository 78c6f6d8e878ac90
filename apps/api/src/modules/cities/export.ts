import type { City } from "@palco/shared";
import { crudExport, text, whole } from "../exports/declaration.ts";
import { cityResource } from "./routes.ts";

export const cityExport = crudExport<never, City>(cityResource as never, {
  resource: "cities",
  personal: false,
  columns: [
    { header: "id", value: (row) => whole(row.id), width: 8 },
    { header: "name", value: (row) => text(row.name), width: 26 },
    { header: "code", value: (row) => text(row.code) },
    { header: "state", value: (row) => text(row.state.name) },
    { header: "timeZone", value: (row) => text(row.timeZone), width: 20 },
    { header: "active", value: (row, c) => c.yesNo(row.isActive) },
  ],
});
