import { errorBody, type PermissionGroup, permissionListResponse } from "@palco/shared";
import { asc } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { languageOf } from "../../platform/errors.ts";
import { permissions } from "../../platform/schema.ts";

export async function permissionRoutes(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().get(
    "/api/permissions",
    {
      // Any signed-in user: the catalogue is no secret, and both the role form (ROLES_CREATE / ROLES_EDIT) and the
      // role detail (ROLES_SHOW) need it.
      config: { permission: null },
      schema: {
        tags: ["Permissions"],
        summary: "The permission catalogue, descriptions in the request language, in catalogue order",
        response: { 200: permissionListResponse, "4xx": errorBody },
      },
    },
    async (request) => {
      const language = languageOf(request);
      const rows = await app.db.select().from(permissions).orderBy(asc(permissions.position), asc(permissions.code));
      return {
        data: rows.map((row) => ({
          code: row.code,
          group: row.group as PermissionGroup,
          description: language === "es" ? row.descriptionEs : row.descriptionEn,
        })),
      };
    },
  );
}
