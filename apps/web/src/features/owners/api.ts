import type { Owner } from "@palco/shared";
import { createResourceApi } from "@/kit/resource-api.ts";

/**
 * GET /api/owners (page, search, status), GET /api/owners/{id}, PUT …/status {status, review} (kit/review-actions),
 * PUT …/activate|deactivate. Boxes show their owner's name.
 */
export const ownersApi = createResourceApi<Owner>("owners", { related: ["boxes"] });
