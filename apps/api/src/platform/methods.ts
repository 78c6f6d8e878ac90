import type { FastifyInstance, HTTPMethods } from "fastify";

/** The methods an API route can be declared with, in the order `Allow` lists them. */
const METHODS: readonly HTTPMethods[] = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"];

/**
 * The methods the router serves at this request's path, for `Allow` on a 405. Empty when no route has the path at
 * all (a 404). Only API paths are asked, and catch-all routes do not count: the static files' `GET /*` matches every
 * path, so counting it would make any other method anywhere a "method not allowed" on an address that does not
 * exist.
 */
export function allowedMethods(app: FastifyInstance, url: string): HTTPMethods[] {
  const pathname = url.split("?")[0] ?? "/";
  if (!/^\/api(?:\/|$)/.test(pathname)) return [];
  return METHODS.filter((method) => {
    const route = app.findRoute({ method, url: pathname });
    return route !== null && !("*" in (route.params as object));
  });
}
