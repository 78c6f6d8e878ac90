import type { User } from "@palco/shared";
import { createResourceApi } from "@/kit/resource-api.ts";

/**
 * GET/POST /api/users (filters: search, role; POST and PUT are multipart), GET/PUT/DELETE /api/users/{id},
 * PUT …/activate|deactivate. A role's user count changes with its users.
 */
export const usersApi = createResourceApi<User>("users", { related: ["roles"] });
