import type { Category } from "@palco/shared";
import { crudExport, text, whole } from "../exports/declaration.ts";
import { categoryResource } from "./routes.ts";

export const categoryExport = crudExport<never, Category>(categoryResource as never, {
  resource: "categories",
  personal: false,
  columns: [
    { header: "id", value: (row) => whole(row.id), width: 8 },
    { header: "name", value: (row) => text(row.name), width: 26 },
    { header: "order", value: (row) => whole(row.order) },
    { header: "active", value: (row, c) => c.yesNo(row.isActive) },
  ],
});
