import type { Server as HttpServer } from "node:http";
import { createAdapter } from "@socket.io/redis-adapter";
import type { FastifyBaseLogger } from "fastify";
import { Server } from "socket.io";
import { type AccessTokens, loadSessionUser } from "./auth.ts";
import type { Db } from "./db.ts";
import type { RedisConnection } from "./redis.ts";

export interface Realtime {
  io: Server;
  /** Sends an event to every open socket of a user, on any API process when Redis is configured. */
  emitToUser(userId: number, event: string, payload: unknown): void;
  /** Closes every open socket of a user (blocked), on any API process when Redis is configured. */
  disconnectUser(userId: number): void;
  close(): Promise<void>;
}

export const userRoom = (userId: number) => `user:${userId}`;

export async function createRealtime(deps: {
  server: HttpServer;
  db: Db;
  tokens: AccessTokens;
  redis?: RedisConnection | undefined;
  log: FastifyBaseLogger;
}): Promise<Realtime> {
  // Same origin as the SPA, so no CORS configuration is needed.
  const io = new Server(deps.server, { path: "/socket.io", serveClient: false });

  if (deps.redis) {
    const pub = deps.redis.client.duplicate();
    const sub = deps.redis.client.duplicate();
    pub.on("error", (error: unknown) => deps.log.error({ err: error }, "redis (socket.io pub) error"));
    sub.on("error", (error: unknown) => deps.log.error({ err: error }, "redis (socket.io sub) error"));
    await Promise.all([pub.connect(), sub.connect()]);
    io.adapter(createAdapter(pub, sub));
    deps.redis.onClose(async () => {
      await Promise.allSettled([pub.close(), sub.close()]);
    });
  }

  io.use(async (socket, next) => {
    try {
      const fromQuery = socket.handshake.query.token;
      const fromAuth = (socket.handshake.auth as { token?: unknown } | undefined)?.token;
      const token =
        typeof fromQuery === "string" && fromQuery ? fromQuery : typeof fromAuth === "string" ? fromAuth : "";
      if (!token) return next(new Error("unauthorized"));
      const verified = await deps.tokens.verify(token);
      if ("error" in verified) return next(new Error("unauthorized"));
      const loaded = await loadSessionUser(deps.db, verified.userId, verified.sessionId);
      if (!loaded?.user.isActive || !loaded.sessionAlive) return next(new Error("unauthorized"));
      socket.data.userId = loaded.user.id;
      await socket.join(userRoom(loaded.user.id));
      next();
    } catch (error) {
      deps.log.error({ err: error }, "socket authentication failed");
      next(new Error("unauthorized"));
    }
  });

  return {
    io,
    emitToUser(userId, event, payload) {
      io.to(userRoom(userId)).emit(event, payload);
    },
    disconnectUser(userId) {
      io.in(userRoom(userId)).disconnectSockets(true);
    },
    async close() {
      // Only the sockets: the HTTP server belongs to Fastify, which closes it itself.
      io.disconnectSockets(true);
      io.engine.close();
    },
  };
}
