import type { City } from "@palco/shared";
import { createResourceApi } from "@/kit/resource-api.ts";

/** GET/POST /api/cities (filters: search, state, country), GET/PUT/DELETE /api/cities/{id}, PUT …/activate|deactivate. */
export const citiesApi = createResourceApi<City>("cities");
