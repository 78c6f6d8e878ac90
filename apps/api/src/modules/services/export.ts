import type { Service } from "@palco/shared";
import { crudExport, text, whole } from "../exports/declaration.ts";
import { serviceResource } from "./routes.ts";

export const serviceExport = crudExport<never, Service>(serviceResource as never, {
  resource: "services",
  personal: false,
  columns: [
    { header: "id", value: (row) => whole(row.id), width: 8 },
    { header: "name", value: (row) => text(row.name), width: 26 },
    { header: "order", value: (row) => whole(row.order) },
  ],
});
