import { z } from "zod";
import { PERMISSION_GROUPS, type PermissionGroup } from "../permissions.ts";

/** A catalogue entry as GET /api/permissions answers it: `group` is a PERMISSION_GROUPS key, `description` is translated. */
export const permissionItem = z.object({
  code: z.string(),
  group: z.enum(Object.keys(PERMISSION_GROUPS) as [PermissionGroup, ...PermissionGroup[]]),
  description: z.string(),
});
export type PermissionItem = z.infer<typeof permissionItem>;

export const permissionListResponse = z.object({ data: z.array(permissionItem) });
export type PermissionListResponse = z.infer<typeof permissionListResponse>;
