import type { Box } from "@palco/shared";
import { createResourceApi } from "@/kit/resource-api.ts";

/**
 * GET /api/boxes (page, search, venue, city, seasons, status), GET /api/boxes/{id}, PUT …/status {status, review},
 * PUT …/activate|deactivate. A venue counts its boxes, an event lists its venue's.
 */
export const boxesApi = createResourceApi<Box>("boxes", { related: ["venues", "events"] });
