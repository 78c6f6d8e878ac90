import type { Service } from "@palco/shared";
import { createResourceApi } from "@/kit/resource-api.ts";

/** GET/POST /api/services (POST and PUT multipart: name, order, picture), GET/PUT/DELETE /api/services/{id}. */
export const servicesApi = createResourceApi<Service>("services");
