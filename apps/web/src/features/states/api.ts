import type { State } from "@palco/shared";
import { createResourceApi } from "@/kit/resource-api.ts";

/** GET/POST /api/states (filters: search, country), GET/PUT/DELETE /api/states/{id}, PUT …/activate|deactivate. */
export const statesApi = createResourceApi<State>("states", { related: ["cities"] });
