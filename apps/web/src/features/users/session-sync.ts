import type { SessionUser, User } from "@palco/shared";
import { api } from "@/lib/api.ts";
import { getSession, updateSessionUser } from "@/lib/session.ts";

/**
 * After a user is saved: when it is the signed-in user, the top bar shows the new picture and names at once
 * (from the save's answer), then their roles and permissions are reloaded from /auth/me (best effort).
 */
export function syncSignedInUser(user: User) {
  if (getSession()?.user.id !== user.id) return;
  updateSessionUser({
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    phone: user.phone,
    pictureUrl: user.pictureUrl,
    pictureSmallUrl: user.pictureSmallUrl,
    roles: user.roles,
  });
  api<SessionUser>("/api/auth/me")
    .then((fresh) => {
      if (getSession()?.user.id === fresh.id) updateSessionUser(fresh);
    })
    .catch(() => undefined);
}
