import type { BookingMessage, NotificationKind, ReviewQueueChangedEvent, SessionUser } from "@palco/shared";
import { useEffect, useRef } from "react";
import type { Socket } from "socket.io-client";
import { api } from "./api.ts";
import { getSession, refreshSession, subscribeSession, updateSessionUser } from "./session.ts";

/**
 * The live connection to the API (socket.io at /socket.io, same origin): one socket per signed-in session, shared by
 * every screen of the tab. socket.io-client (about 14 KiB gzip) is imported only once a signed-in screen asks for
 * the connection, so neither the sign-in page nor the shell's first paint carries it.
 *
 * - The access token goes in the handshake's `auth` (the server also reads it from the query, as spec 02 §7 puts it,
 *   but a query string ends up in access logs), read again before every (re)connection: a silently renewed
 *   token is the one the next reconnection presents, and the open socket is not dropped to change it.
 * - Signing out (here or in another tab) closes the socket; another user signing in opens a new one.
 * - A handshake refused as "unauthorized" (an expired token) renews the session once and tries again; a second
 *   refusal waits for the next session change instead of looping.
 * - A socket the server closes (on any API instance: its session was ended elsewhere, the user blocked, their roles
 *   changed) asks who is signed in: an ended session answers 401 and the tab signs out at once, to the sign-in page
 *   saying the session ended; a live one takes its current rights and connects again.
 */

/** What the server pushes (apps/api notifications and bookings routes), by event name. */
export type RealtimeEvents = {
  notificationStored: { id: number; kind: NotificationKind };
  notificationRead: { id: number };
  bookingMessageStored: { bookingId: number; userId: number; message: BookingMessage };
  reviewQueueChanged: ReviewQueueChangedEvent;
  /**
   * Not from the server: the socket is connected, first or again after a drop. What was pushed before it was not
   * received, so what the pushes keep current is worth reading again.
   */
  connected: undefined;
};
export type RealtimeEvent = keyof RealtimeEvents;
type Handler<E extends RealtimeEvent> = (payload: RealtimeEvents[E]) => void;

/** What this module needs of socket.io-client (a seam for the unit tests). */
export type Connect = (options: {
  path: string;
  transports: ("websocket" | "polling")[];
  tryAllTransports: boolean;
  auth: (callback: (data: { token: string }) => void) => void;
}) => Socket;

const handlers = new Map<string, Set<(payload: unknown) => void>>();
let socket: Socket | null = null;
let socketUserId: number | null = null;
let holders = 0;
/** Bumped whenever the socket is closed, so a connection still loading knows it is no longer wanted. */
let generation = 0;
let retriedAfterRefusal = false;
let loadConnect: () => Promise<Connect> = async () => (await import("socket.io-client")).io;

function dispatch(event: string, payload: unknown) {
  for (const handler of handlers.get(event) ?? []) {
    try {
      handler(payload);
    } catch (error) {
      // One broken listener must not keep the others from hearing the event.
      console.error(error);
    }
  }
}

/** Listens to one event; returns the function that stops listening. */
export function subscribeRealtime<E extends RealtimeEvent>(event: E, handler: Handler<E>): () => void {
  let set = handlers.get(event);
  if (!set) {
    set = new Set();
    handlers.set(event, set);
  }
  const listener = handler as (payload: unknown) => void;
  set.add(listener);
  return () => {
    set.delete(listener);
  };
}

function close() {
  generation += 1;
  retriedAfterRefusal = false;
  const open = socket;
  socket = null;
  socketUserId = null;
  if (open) {
    open.removeAllListeners();
    open.disconnect();
  }
}

/** A session confined to enrolling a second factor: the server refuses it everything else, the socket included. */
const confined = () => getSession()?.user.mfaEnrollmentRequired === true;

async function open() {
  const session = getSession();
  if (!session || socket || confined()) return;
  const mine = ++generation;
  let connect: Connect;
  try {
    connect = await loadConnect();
  } catch (error) {
    // The chunk did not load (offline, a deploy): the screens still work, without live updates.
    console.error(error);
    return;
  }
  // Signed out, released or replaced while the library loaded.
  if (mine !== generation || holders === 0 || !getSession()) return;
  const created = connect({
    path: "/socket.io",
    // A WebSocket straight away (no long-polling requests first); long-polling where a proxy blocks WebSockets.
    transports: ["websocket", "polling"],
    tryAllTransports: true,
    auth: (callback) => callback({ token: getSession()?.token ?? "" }),
  });
  socket = created;
  socketUserId = session.user.id;
  created.on("connect", () => {
    retriedAfterRefusal = false;
    dispatch("connected", undefined);
  });
  created.on("connect_error", (error: Error) => {
    // Still `active`: a network failure the client retries by itself. Inactive: the server refused the handshake.
    if (created.active || error.message !== "unauthorized" || retriedAfterRefusal) return;
    retriedAfterRefusal = true;
    void refreshSession().then((renewed) => {
      if (renewed && socket === created) created.connect();
    });
  });
  created.on("disconnect", (reason: string) => {
    // Only the server's own close: the client library reconnects by itself after a network drop.
    if (reason !== "io server disconnect") return;
    void api<SessionUser>("/api/auth/me").then(
      (user) => {
        if (getSession()?.user.id === user.id) updateSessionUser(user);
        // Updating the user may have reconnected it already (see subscribeSession).
        if (socket === created && !created.active) created.connect();
      },
      // 401: the API client has cleared the session (and this socket with it). Anything else: left closed until the
      // next session change, as after a refused handshake.
      () => undefined,
    );
  });
  created.onAny((event: string, payload: unknown) => dispatch(event, payload));
}

subscribeSession(() => {
  const session = getSession();
  if (!session) {
    close();
    return;
  }
  // Someone else signed in (in another tab): their own socket. Confined to enrolment: none until it is done.
  if (socket && (session.user.id !== socketUserId || confined())) close();
  if (!socket) {
    if (holders > 0) void open();
    return;
  }
  // A renewed token (or a new sign-in) after the server refused the old one: worth one more try.
  if (!socket.connected && !socket.active) {
    retriedAfterRefusal = false;
    socket.connect();
  }
});

/** Keeps the socket open while at least one holder wants it; returns the release. */
export function retainRealtime(): () => void {
  holders += 1;
  if (holders === 1) void open();
  let released = false;
  return () => {
    if (released) return;
    released = true;
    holders -= 1;
    if (holders === 0) close();
  };
}

/** The signed-in layout keeps the connection open while `enabled` (the user can receive something live). */
export function useRealtimeConnection(enabled: boolean) {
  useEffect(() => (enabled ? retainRealtime() : undefined), [enabled]);
}

/** Calls `handler` (its latest version) for every `event` pushed while the component is mounted. */
export function useRealtimeEvent<E extends RealtimeEvent>(event: E, handler: Handler<E>) {
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  });
  useEffect(() => subscribeRealtime(event, (payload) => latest.current(payload)), [event]);
}

/** For the unit tests: a fake socket.io-client, and a clean slate. */
export const realtimeTesting = {
  useConnect(connect: Connect) {
    loadConnect = async () => connect;
  },
  reset() {
    close();
    holders = 0;
    handlers.clear();
  },
  get socket() {
    return socket;
  },
};
