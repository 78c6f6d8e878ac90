import { isPermissionCode, type PermissionCode, type SessionUser } from "@palco/shared";
import type { FastifyInstance, FastifyRequest, RouteOptions } from "fastify";
import type { AccessTokens } from "./auth.ts";
import { forbidden, unauthorized } from "./errors.ts";
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
  }
  interface FastifyRequest {
    /** The signed-in user as of this request (absent on public routes). */
    sessionUser?: SessionUser;
    /** The refresh-token family of the access token used (absent on public routes). */
    sessionId?: string;
  }
  interface FastifyInstance {
    /** Every route registered, with its declared permission (for the docs and the route audit test). */
    routeTable: { method: string; url: string; permission: RoutePermission }[];
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

export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (typeof header !== "string") return undefined;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match?.[1];
}

/** Installs the start-up check (onRoute) and the single authentication + permission hook (onRequest). */
export function installGuard(app: FastifyInstance, deps: { tokens: AccessTokens; sessions: Sessions }) {
  app.decorate("routeTable", []);

  app.addHook("onRoute", (route) => {
    route.config ??= {};
    const config = route.config as { permission?: RoutePermission };
    if (config.permission === undefined && isFrameworkRoute(route.url)) config.permission = "public";
    assertPermissionDeclared(route);
    // assertPermissionDeclared guarantees it is defined; null ("any signed-in user") must survive as null.
    const permission = config.permission as RoutePermission;
    documentPermission(route.schema as DocumentedSchema | undefined, permission);
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      app.routeTable.push({ method: String(method), url: route.url, permission });
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
    if (!isAllowed(loaded.user, permission)) throw forbidden();
  });
}
