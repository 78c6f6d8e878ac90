import type { Service } from "@palco/shared";
import { defineNamedIconResource } from "@/kit/named-icon-resource.tsx";
import { servicesApi } from "./api.ts";
import { servicesMeta } from "./meta.ts";

/** A free numeric order; services are never blocked. */
export default defineNamedIconResource<Service>({
  meta: servicesMeta,
  api: servicesApi,
  schema: () => import("@palco/shared/resources/services").then((module) => module.serviceInput),
  orderField: { kind: "text", type: "number" },
});
