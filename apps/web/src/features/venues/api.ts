import type { Venue } from "@palco/shared";
import { createResourceApi } from "@/kit/resource-api.ts";

/**
 * GET/POST /api/venues (filters: search, city; POST and PUT multipart: name, address, contact, city, latitude,
 * longitude, picture), GET/PUT/DELETE /api/venues/{id}, PUT …/activate|deactivate.
 */
export const venuesApi = createResourceApi<Venue>("venues");
