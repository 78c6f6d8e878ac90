import { can, type Grantee, type PermissionCode } from "@palco/shared/permissions";
import { useSession } from "./session.ts";

/**
 * What the SPA lets the user see and ask for. A session confined to enrolling a second factor (its role requires
 * one and it has none) may open nothing but the Security page: the server refuses everything else with
 * MFA_ENROLLMENT_REQUIRED, so the sidebar, its badges and the live socket would only collect refusals.
 */
export function sessionCan(
  user: (Grantee & { mfaEnrollmentRequired?: boolean }) | null | undefined,
  code: PermissionCode | null | undefined,
): boolean {
  if (code === undefined || !user || user.mfaEnrollmentRequired) return false;
  return can(user, code);
}

/** Whether the signed-in user holds `code` (`null` = any signed-in user); super-admins bypass every check. */
export function useCan(code: PermissionCode | null | undefined): boolean {
  const session = useSession();
  return sessionCan(session?.user, code);
}

/** Non-hook variant for lists of codes (menus, shortcuts). */
export function useCanFn(): (code: PermissionCode | null | undefined) => boolean {
  const session = useSession();
  return (code) => sessionCan(session?.user, code);
}
