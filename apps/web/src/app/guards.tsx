import type { PermissionCode } from "@palco/shared";
import { Navigate, Outlet, useLocation } from "react-router";
import { getEndReason, useSession } from "@/lib/session.ts";
import { useCan } from "@/lib/use-can.ts";
import { ForbiddenPage } from "./routes/forbidden-page.tsx";

/** The Security page, where a member enrols second factors (and must, before anything else, when required). */
export const SECURITY_PATH = "/security";

/** Where the visitor was going; the login page returns there after sign-in. */
export type LoginState = { from?: string; expired?: boolean };

/** Protected area: without a session, go to /login remembering the target (unless the user just logged out). */
export function RequireAuth() {
  const session = useSession();
  const location = useLocation();
  if (!session) {
    const reason = getEndReason();
    const state: LoginState | undefined =
      reason === "logout"
        ? undefined
        : { from: `${location.pathname}${location.search}${location.hash}`, expired: reason === "expired" };
    return <Navigate to="/login" replace state={state} />;
  }
  // The server answers such a session only on enrolment (403 MFA_ENROLLMENT_REQUIRED elsewhere): go and enrol.
  if (session.user.mfaEnrollmentRequired && location.pathname !== SECURITY_PATH) {
    return <Navigate to={SECURITY_PATH} replace />;
  }
  return <Outlet />;
}

/** Public auth pages (login, forgot password, link sent): a signed-in user goes on to where they were heading. */
export function RedirectIfSignedIn() {
  const session = useSession();
  const location = useLocation();
  if (session) {
    const from = (location.state as LoginState | null)?.from;
    return <Navigate to={from?.startsWith("/") && !from.startsWith("//") ? from : "/"} replace />;
  }
  return <Outlet />;
}

/** A route guarded by a permission code: the 403 page when the user lacks it. */
export function RequirePermission({ code }: { code: PermissionCode | null }) {
  const allowed = useCan(code);
  return allowed ? <Outlet /> : <ForbiddenPage />;
}
