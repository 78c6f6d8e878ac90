import type { Server as HttpServer } from "node:http";
import { MFA_ENROLLMENT_REQUIRED_CODE } from "@palco/shared";
import { createAdapter } from "@socket.io/redis-adapter";
import type { FastifyBaseLogger } from "fastify";
import { Server } from "socket.io";
import type { AccessTokens } from "./auth.ts";
import type { RedisConnection } from "./redis.ts";
import type { SessionEnd, Sessions } from "./sessions.ts";

export interface Realtime {
  io: Server;
  /** Sends an event to every open socket of a user, on any API process when Redis is configured. */
  emitToUser(userId: number, event: string, payload: unknown): void;
  /** Closes the open sockets of ended sessions, on any API process when Redis is configured. */
  disconnect(ended: SessionEnd): void;
  close(): Promise<void>;
}

export const userRoom = (userId: number) => `user:${userId}`;
export const sessionRoom = (sessionId: string) => `session:${sessionId}`;
/** Nothing is published here: subscribing to it marks when the adapter's own subscriptions are in place. */
const ADAPTER_READY_CHANNEL = "palco:realtime-ready";

export async function createRealtime(deps: {
  server: HttpServer;
  tokens: AccessTokens;
  sessions: Sessions;
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
    // The adapter sends its (P)SUBSCRIBEs without waiting for them, so an instance could take sockets before it
    // hears the others' broadcasts. Redis answers one connection's commands in order: once a subscription of our
    // own is confirmed, the adapter's are too.
    await sub.subscribe(ADAPTER_READY_CHANNEL, () => {});
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
      // Also on every reconnection: a socket of an ended session (or a token without one) never gets back in.
      const loaded = await deps.sessions.user(verified.userId, verified.sessionId);
      if (!loaded?.user.isActive || !loaded.sessionAlive) return next(new Error("unauthorized"));
      // A session that may only enrol a second factor gets no realtime data either (the HTTP routes answer it 403).
      if (loaded.user.mfaEnrollmentRequired) return next(new Error(MFA_ENROLLMENT_REQUIRED_CODE));
      socket.data.userId = loaded.user.id;
      socket.data.sessionId = verified.sessionId;
      // The session room lets logout close this sign-in's sockets and spare the user's other sessions.
      await socket.join([userRoom(loaded.user.id), sessionRoom(verified.sessionId)]);
      next();
    } catch (error) {
      deps.log.error({ err: error }, "socket authentication failed");
      next(new Error("unauthorized"));
    }
  });

  io.on("connection", (socket) => {
    // Ending a session closes the sockets connected at that moment; one still being authenticated was not among
    // them. Checked once more now that it is, from the database, so such a socket cannot outlive its session.
    const { userId, sessionId } = socket.data as { userId: number; sessionId: string };
    deps.sessions
      .reload(userId, sessionId)
      .then((loaded) => {
        if (!loaded?.user.isActive || !loaded.sessionAlive || loaded.user.mfaEnrollmentRequired)
          socket.disconnect(true);
      })
      .catch((error: unknown) => {
        deps.log.error({ err: error }, "socket session check failed");
        socket.disconnect(true);
      });
  });

  const disconnect = (ended: SessionEnd) => {
    if ("sessionId" in ended) io.in(sessionRoom(ended.sessionId)).disconnectSockets(true);
    else if (ended.except) io.in(userRoom(ended.userId)).except(sessionRoom(ended.except)).disconnectSockets(true);
    else io.in(userRoom(ended.userId)).disconnectSockets(true);
  };
  deps.sessions.onEnded(disconnect);

  return {
    io,
    emitToUser(userId, event, payload) {
      io.to(userRoom(userId)).emit(event, payload);
    },
    disconnect,
    async close() {
      // Only the sockets: the HTTP server belongs to Fastify, which closes it itself.
      io.disconnectSockets(true);
      io.engine.close();
    },
  };
}
