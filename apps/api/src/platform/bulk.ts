import {
  type BulkAction,
  type BulkOutcome,
  bulkRequest,
  bulkResponse,
  errorBody,
  type MatchingIds,
  matchingIds,
  STEP_UP_REQUIRED_CODE,
} from "@palco/shared";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { z } from "zod";
import { forbidden, unprocessable } from "./errors.ts";
import { hasFreshProof, isAllowed, type RoutePermission, stepUpRequired } from "./guard.ts";

/**
 * Bulk actions (issue 22). `POST {base}/bulk {action, ids}` answers one outcome per id by running, for each id in
 * turn, the resource's own single route (`PUT {base}/:id/deactivate`, `DELETE {base}/:id`…) through `app.inject`
 * with the caller's credentials, language and address. The single route stays the only place its rules live: the
 * guard, step-up, If-Match-less write, transaction, audit entry, refusals and their texts are exactly those of one
 * click, and a resource gains bulk actions by declaring which of its single actions have them. Ids run one after
 * another, each in its own transaction: a refusal leaves the others as they are, and nothing is half-saved.
 */

/** The single route each bulk action runs, under the resource's base path. */
const SINGLE_ROUTES: Record<BulkAction, { method: "PUT" | "DELETE"; path: string }> = {
  activate: { method: "PUT", path: "/:id/activate" },
  deactivate: { method: "PUT", path: "/:id/deactivate" },
  delete: { method: "DELETE", path: "/:id" },
  read: { method: "PUT", path: "/:id/read" },
};

/** Headers a single call is made with: who asks, in which language, from where (the audit trail's ip and agent). */
const FORWARDED_HEADERS = ["authorization", "accept-language", "user-agent", "x-forwarded-for", "x-forwarded-proto"];

export interface BulkRoutes {
  /** Path of the collection ("/api/countries"). */
  base: string;
  tags: string[];
  /** Plural noun for the summaries ("countries"). */
  plural: string;
  /** The bulk actions of the resource, each with the permission of its single route (checked before any id). */
  actions: Partial<Record<BulkAction, RoutePermission>>;
  /** `GET {base}/ids`: the ids matching the list's own query, behind the list's permission. */
  ids?: {
    permission: RoutePermission;
    querystring: z.ZodType;
    find(request: FastifyRequest): Promise<MatchingIds>;
  };
}

/** Any of the actions' permissions: who holds none of them is refused before anything is read. */
function anyOf(permissions: RoutePermission[]): RoutePermission {
  if (permissions.some((permission) => permission === null)) return null;
  const codes = new Set<string>();
  for (const permission of permissions) {
    if (permission === "public" || permission === "super-admin" || permission === null) continue;
    for (const code of Array.isArray(permission) ? permission : [permission]) codes.add(code);
  }
  const list = [...codes] as Exclude<RoutePermission, string | null>[number][];
  if (list.length === 0) return "super-admin";
  return list.length === 1 ? list[0]! : list;
}

/** The answer of one single call as an outcome: its status, and its message when it was refused. */
function outcomeOf(id: number, statusCode: number, body: string): BulkOutcome {
  if (statusCode < 400) return { id, status: statusCode };
  let message: string | undefined;
  try {
    const parsed = JSON.parse(body) as { message?: unknown };
    if (typeof parsed.message === "string") message = parsed.message;
  } catch {
    // Not the error shape (never expected from an /api route): the status says enough.
  }
  return message === undefined ? { id, status: statusCode } : { id, status: statusCode, message };
}

const isStepUpRefusal = (statusCode: number, body: string) =>
  statusCode === 403 && body.includes(`"${STEP_UP_REQUIRED_CODE}"`);

export function registerBulkRoutes(app: FastifyInstance, options: BulkRoutes) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const declared = Object.entries(options.actions) as [BulkAction, RoutePermission][];
  if (declared.length > 0) {
    r.post(
      `${options.base}/bulk`,
      {
        config: { permission: anyOf(declared.map(([, permission]) => permission)) },
        schema: {
          tags: options.tags,
          summary: `Run one action on up to 1,000 ${options.plural} (${declared.map(([action]) => action).join(", ")})`,
          description:
            "Each id runs the single route of the action (same permission, step-up, rules, transaction and audit " +
            "entry) and answers its own outcome: 200/204 done, else the single route's status and message. A member " +
            "without the action's permission is refused as a whole (403), before any id.",
          body: bulkRequest,
          response: { 200: bulkResponse, "4xx": errorBody },
        },
      },
      async (request) => {
        const { action, ids } = request.body;
        const permission = options.actions[action];
        if (permission === undefined) throw unprocessable({ action: "BULK.VALIDATION.ACTION_UNAVAILABLE" });
        if (!isAllowed(request.sessionUser!, permission as Exclude<RoutePermission, "public">)) throw forbidden();
        const single = SINGLE_ROUTES[action];
        const url = `${options.base}${single.path}`;
        const route = app.routeTable.find((entry) => entry.method === single.method && entry.url === url);
        // A sensitive single action asks once for the whole batch, before anything is written.
        if (route?.stepUp && !hasFreshProof(request)) throw stepUpRequired();
        const headers: Record<string, string> = {};
        for (const name of FORWARDED_HEADERS) {
          const value = request.headers[name];
          if (typeof value === "string") headers[name] = value;
        }
        const results: BulkOutcome[] = [];
        for (const id of ids) {
          const response = await app.inject({
            method: single.method,
            url: url.replace(":id", String(id)),
            headers,
            remoteAddress: request.socket.remoteAddress ?? "127.0.0.1",
          });
          // A route that asks for step-up only for some records: ask for the batch while nothing is written yet.
          if (isStepUpRefusal(response.statusCode, response.body) && results.every((done) => done.status >= 400)) {
            throw stepUpRequired();
          }
          results.push(outcomeOf(id, response.statusCode, response.body));
        }
        return { results };
      },
    );
  }

  // Selecting every matching row only serves a bulk action.
  const ids = options.ids;
  if (ids && declared.length > 0) {
    r.get(
      `${options.base}/ids`,
      {
        config: { permission: ids.permission },
        schema: {
          tags: options.tags,
          summary: `The ids of every ${options.plural} row the list's query matches (at most 10,000), for bulk actions`,
          description:
            "Takes the list's own query string (search and filters; paging is ignored) and answers the ids in the " +
            "list's order. `capped`: more rows match than the 10,000 answered.",
          querystring: ids.querystring,
          response: { 200: matchingIds, "4xx": errorBody },
        },
      },
      (request) => ids.find(request),
    );
  }
}
