import { z } from "zod";
import { isPermissionCode } from "../permissions.ts";
import { paged, pageQuery, requiredText, timestamp } from "./common.ts";
import { permissionItem } from "./permissions.ts";

export const roleInput = z.object({
  name: requiredText("ROLES.VALIDATION.NAME_MISSING", 100),
  permissions: z
    .array(z.string({ error: "ROLES.VALIDATION.PERMISSION_UNKNOWN" }).max(64, "ROLES.VALIDATION.PERMISSION_UNKNOWN"), {
      error: "ROLES.VALIDATION.PERMISSIONS_FORMAT",
    })
    .max(500, "ROLES.VALIDATION.PERMISSIONS_FORMAT")
    .refine((codes) => codes.every(isPermissionCode), "ROLES.VALIDATION.PERMISSION_UNKNOWN")
    .transform((codes) => [...new Set(codes)])
    .default([]),
  /**
   * Members with this role must sign in with a second factor (passkey or authenticator app). Left out: false for a
   * new role, unchanged on an update (a client that does not know the setting must not switch it off).
   */
  requiresMfa: z.boolean({ error: "VALIDATION.INVALID" }).optional(),
});
export type RoleInput = z.input<typeof roleInput>;

export const role = z.object({
  id: z.number().int(),
  name: z.string(),
  permissions: z.array(permissionItem),
  requiresMfa: z.boolean(),
  userCount: z.number().int(),
  createdAt: timestamp,
  updatedAt: timestamp,
});
export type Role = z.infer<typeof role>;

export const roleListItem = z.object({
  id: z.number().int(),
  name: z.string(),
  requiresMfa: z.boolean(),
  userCount: z.number().int(),
  permissionCount: z.number().int(),
});
export type RoleListItem = z.infer<typeof roleListItem>;

/** GET /roles: the kit's paged shape, plus the `meta {page, perPage, total, lastPage}` spec 01 §7 names for roles. */
export const roleListResponse = paged(roleListItem).extend({
  meta: z.object({
    page: z.number().int(),
    perPage: z.number().int(),
    total: z.number().int(),
    lastPage: z.number().int(),
  }),
});
export type RoleListResponse = z.infer<typeof roleListResponse>;

export const roleOption = z.object({ id: z.number().int(), name: z.string() });
export type RoleOption = z.infer<typeof roleOption>;

export const roleListQuery = pageQuery;
