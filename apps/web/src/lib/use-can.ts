import { can, type PermissionCode } from "@palco/shared/permissions";
import { useSession } from "./session.ts";

/** Whether the signed-in user holds `code` (`null` = any signed-in user); super-admins bypass every check. */
export function useCan(code: PermissionCode | null | undefined): boolean {
  const session = useSession();
  if (code === undefined) return false;
  return can(session?.user, code);
}

/** Non-hook variant for lists of codes (menus, shortcuts). */
export function useCanFn(): (code: PermissionCode | null | undefined) => boolean {
  const session = useSession();
  return (code) => code !== undefined && can(session?.user, code);
}
