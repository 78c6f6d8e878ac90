import {
  isPermissionCode,
  MFA_ENROLLMENT_REQUIRED_CODE,
  type PermissionCode,
  type SessionUser,
  STEP_UP_REQUIRED_CODE,
} from "@palco/shared";
import type { FastifyInstance, FastifyRequest, RouteOptions } from "fastify";
import type { AccessTokens } from "./auth.ts";
import { ApiError, forbidden, unauthorized } from "./errors.ts";
import type { Sessions } from "./sessions.ts";

/**
 * What a route requires:
 * - a permission code;
 * - an array of codes, meaning "any of them" (lookups such as /countries/all serve several screens);
 * - null: any signed-in user;
 * - "public": no sign-in (auth routes, health);
 * - "super-admin": super-admins only, a requirement no role can grant (tools outside the specification's screens,
 *   such as the activity simulator).
 */
export type RoutePermission = PermissionCode | readonly PermissionCode[] | null | "public" | "super-admin";

declare module "fastify" {
  interface FastifyContextConfig {
    permission?: RoutePermission;
    /**
     * Open to a session that must enrol a second factor before anything else (enrolment, step-up, `/me`): every
     * other route answers such a session 403 MFA_ENROLLMENT_REQUIRED.
     */
    enrolment?: boolean;
    /**
     * A sensitive route: 403 STEP_UP_REQUIRED unless the session proved a factor (or the password, for a member
     * without one) within STEP_UP_SECONDS. Routes sensitive only for some bodies call `requireStepUp` instead.
     */
    stepUp?: boolean;
  }
  interface FastifyRequest {
    /** The signed-in user as of this request (absent on public routes). */
    sessionUser?: SessionUser;
    /** The refresh-token family of the access token used (absent on public routes). */
    sessionId?: string;
    /** When the session last proved a factor or the password (absent on public routes). */
    sessionVerifiedAt?: Date | null;
  }
  interface FastifyInstance {
    /** Every route registered, with its declared permission (for the docs and the route audit test). */
    routeTable: { method: string; url: string; permission: RoutePermission; stepUp: boolean; enrolment: boolean }[];
    /** How long a proof counts for the sensitive routes (STEP_UP_SECONDS). */
    stepUpSeconds: number;
  }
}

// Routes added by plugins we do not write (API docs, uploaded files, the SPA): public by nature.
function isFrameworkRoute(url: string): boolean {
  return url.startsWith("/api/docs") || url.startsWith("/uploads/") || url === "/*" || url === "/";
}

/** Throws when a route forgot to say who may call it: better to fail at start-up than to ship an open route. */
export function assertPermissionDeclared(route: Pick<RouteOptions, "method" | "url" | "config">): void {
  const config = (route.config ?? {}) as { permission?: unknown };
  if (!("permission" in config) || config.permission === undefined) {
    throw new Error(`Route ${String(route.method)} ${route.url} does not declare config.permission`);
  }
  const { permission } = config;
  if (permission === null || permission === "public" || permission === "super-admin") return;
  const codes = Array.isArray(permission) ? permission : [permission];
  if (codes.length === 0)
    throw new Error(`Route ${String(route.method)} ${route.url} declares an empty permission list`);
  for (const code of codes) {
    if (typeof code !== "string" || !isPermissionCode(code)) {
      throw new Error(`Route ${String(route.method)} ${route.url} declares unknown permission ${String(code)}`);
    }
  }
}

type DocumentedSchema = { security?: unknown; description?: string };

/** Shows the requirement in the OpenAPI document, where the SPA's developers look first. */
function documentPermission(schema: DocumentedSchema | undefined, permission: RoutePermission) {
  if (!schema || permission === "public" || schema.description?.includes("Permission:")) return;
  schema.security ??= [{ bearerAuth: [] }];
  if (permission === "super-admin") {
    schema.security ??= [{ bearerAuth: [] }];
    schema.description = [schema.description, "Permission: super-admins only."].filter(Boolean).join("\n\n");
    return;
  }
  const requirement =
    permission === null
      ? "any signed-in user"
      : Array.isArray(permission)
        ? `any of ${permission.join(", ")}`
        : String(permission);
  schema.description = [schema.description, `Permission: ${requirement} (super-admins always pass).`]
    .filter(Boolean)
    .join("\n\n");
}

export function isAllowed(user: SessionUser, permission: Exclude<RoutePermission, "public">): boolean {
  if (permission === null || user.isSuperAdmin) return true;
  if (permission === "super-admin") return false;
  const codes: readonly string[] = Array.isArray(permission) ? permission : [permission];
  return codes.some((code) => user.permissions.includes(code));
}

/**
 * Who may read the record a write route changes: whoever passes the GET route at the write's own path
 * (`PUT /api/bookings/:id`, `PUT /api/settings/fees`) or, for an action on a record (`PUT /api/owners/:id/status`,
 * `POST /api/bookings/:id/cancel`), at the record's path. Read from the routes themselves, so a new resource needs
 * no declaration and the answer is always what its detail route would allow; "super-admin" when there is none.
 */
export function readPermissionOf(app: FastifyInstance, writeUrl: string): RoutePermission {
  const candidates = [writeUrl];
  const recordUrl = writeUrl.replace(/\/[^/:]+$/, "");
  if (recordUrl !== writeUrl && /\/:\w+$/.test(recordUrl)) candidates.push(recordUrl);
  for (const url of candidates) {
    const route = app.routeTable.find((entry) => entry.method === "GET" && entry.url === url);
    if (route) return route.permission;
  }
  return "super-admin";
}

/** Whether the signed-in member of a write request may read the record it changes (see readPermissionOf). */
export function mayReadRecord(request: FastifyRequest): boolean {
  const user = request.sessionUser;
  const url = request.routeOptions.url;
  if (!user || !url) return false;
  const permission = readPermissionOf(request.server, url);
  return permission === "public" || isAllowed(user, permission);
}

export const enrolmentRequired = () =>
  new ApiError(403, { general: "MFA.ENROLLMENT_REQUIRED" }, "MFA.ENROLLMENT_REQUIRED", {
    code: MFA_ENROLLMENT_REQUIRED_CODE,
  });

export const stepUpRequired = () =>
  new ApiError(403, { general: "MFA.STEP_UP_REQUIRED" }, "MFA.STEP_UP_REQUIRED", { code: STEP_UP_REQUIRED_CODE });

/** Whether the session of the request proved a factor (or the password) recently enough for a sensitive action. */
export function hasFreshProof(request: FastifyRequest): boolean {
  const verifiedAt = request.sessionVerifiedAt;
  if (!verifiedAt) return false;
  return Date.now() - verifiedAt.getTime() < request.server.stepUpSeconds * 1000;
}

/**
 * For the routes whose sensitivity depends on what is asked (a member's roles or super-admin status changing): call
 * before writing anything. Routes sensitive as a whole declare `config.stepUp` instead.
 */
export function requireStepUp(request: FastifyRequest): void {
  if (!hasFreshProof(request)) throw stepUpRequired();
}

export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (typeof header !== "string") return undefined;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match?.[1];
}

/** Installs the start-up check (onRoute) and the single authentication + permission hook (onRequest). */
export function installGuard(
  app: FastifyInstance,
  deps: { tokens: AccessTokens; sessions: Sessions; stepUpSeconds: number },
) {
  app.decorate("routeTable", []);
  app.decorate("stepUpSeconds", deps.stepUpSeconds);

  app.addHook("onRoute", (route) => {
    route.config ??= {};
    const config = route.config as { permission?: RoutePermission; stepUp?: boolean; enrolment?: boolean };
    if (config.permission === undefined && isFrameworkRoute(route.url)) config.permission = "public";
    assertPermissionDeclared(route);
    // assertPermissionDeclared guarantees it is defined; null ("any signed-in user") must survive as null.
    const permission = config.permission as RoutePermission;
    documentPermission(route.schema as DocumentedSchema | undefined, permission);
    const schema = route.schema as DocumentedSchema | undefined;
    if (schema && config.stepUp === true && !schema.description?.includes("STEP_UP_REQUIRED")) {
      schema.description = [
        schema.description,
        "Sensitive: 403 with code STEP_UP_REQUIRED unless the session proved a factor (or the password) within STEP_UP_SECONDS; renew with POST /api/auth/step-up.",
      ]
        .filter(Boolean)
        .join("\n\n");
    }
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      app.routeTable.push({
        method: String(method),
        url: route.url,
        permission,
        stepUp: config.stepUp === true,
        enrolment: config.enrolment === true,
      });
    }
  });

  app.addHook("onRequest", async (request) => {
    // No route matched (404 handler): nothing to protect.
    if (!request.routeOptions.url) return;
    const permission = request.routeOptions.config.permission;
    if (permission === "public") return;
    if (permission === undefined) throw forbidden();

    const token = bearerToken(request);
    if (!token) throw unauthorized();
    const verified = await deps.tokens.verify(token);
    if ("error" in verified)
      throw unauthorized(verified.error === "expired" ? "AUTH.SESSION_EXPIRED" : "ERRORS.UNAUTHORIZED");
    // Cached per session; every write that ends a session or changes access drops the cached copy first.
    const loaded = await deps.sessions.user(verified.userId, verified.sessionId);
    // A blocked or deleted user's tokens stop working at once, and so does an access token whose session ended
    // (logout, password reset or change, roles changed, blocked): 401 makes the SPA sign them out.
    if (!loaded?.user.isActive || !loaded.sessionAlive) throw unauthorized("AUTH.SESSION_EXPIRED");
    request.sessionUser = loaded.user;
    request.sessionId = verified.sessionId;
    request.sessionVerifiedAt = loaded.verifiedAt;
    const config = request.routeOptions.config;
    // Before the permission check: such a session may do nothing but enrol, whatever its roles allow.
    if (loaded.user.mfaEnrollmentRequired && config.enrolment !== true) throw enrolmentRequired();
    if (!isAllowed(loaded.user, permission)) throw forbidden();
    if (config.stepUp === true && !hasFreshProof(request)) throw stepUpRequired();
  });
}
