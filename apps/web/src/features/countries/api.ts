import type { Country } from "@palco/shared";
import { createResourceApi } from "@/kit/resource-api.ts";

/** GET/POST /api/countries, GET/PUT/DELETE /api/countries/{id}, PUT …/activate|deactivate. */
export const countriesApi = createResourceApi<Country>("countries", { related: ["states", "cities"] });
