import type { Session } from "@palco/shared";
import type { Socket } from "socket.io-client";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";

// The session module keeps its copy in localStorage: a memory one stands in for the browser's.
const storage = new Map<string, string>();
vi.stubGlobal("localStorage", {
  getItem: (key: string) => storage.get(key) ?? null,
  setItem: (key: string, value: string) => storage.set(key, value),
  removeItem: (key: string) => storage.delete(key),
});

const { clearSession, getSession, setSession } = await import("./session.ts");
const { realtimeTesting, retainRealtime, subscribeRealtime } = await import("./realtime.ts");

type Options = Parameters<Parameters<typeof realtimeTesting.useConnect>[0]>[0];

/** What the module does with a socket, recorded. */
class FakeSocket {
  readonly listeners = new Map<string, ((...args: unknown[]) => void)[]>();
  readonly catchAll: ((event: string, payload: unknown) => void)[] = [];
  connected = false;
  active = true;
  connectCalls = 0;
  disconnected = false;

  constructor(readonly options: Options) {}

  on(event: string, listener: (...args: unknown[]) => void) {
    this.listeners.set(event, [...(this.listeners.get(event) ?? []), listener]);
    return this;
  }
  onAny(listener: (event: string, payload: unknown) => void) {
    this.catchAll.push(listener);
    return this;
  }
  removeAllListeners() {
    this.listeners.clear();
    this.catchAll.length = 0;
    return this;
  }
  connect() {
    this.connectCalls += 1;
    this.active = true;
    return this;
  }
  disconnect() {
    this.disconnected = true;
    this.connected = false;
    this.active = false;
    return this;
  }

  /** The token the next handshake presents. */
  token(): Promise<string> {
    return new Promise((resolve) => this.options.auth((data) => resolve(data.token)));
  }
  /** The client library reporting a lifecycle event. */
  fire(event: string, ...args: unknown[]) {
    if (event === "connect") this.connected = true;
    for (const listener of this.listeners.get(event) ?? []) listener(...args);
  }
  /** The server pushing an event. */
  push(event: string, payload: unknown) {
    for (const listener of this.catchAll) listener(event, payload);
  }
  /** The server refusing the handshake (its middleware's error): socket.io does not retry by itself. */
  refuse() {
    this.active = false;
    this.fire("connect_error", new Error("unauthorized"));
  }
}

const sockets: FakeSocket[] = [];

function session(token: string, { userId = 1, expiresInMs = 3_600_000 } = {}): Session {
  return {
    token,
    refreshToken: `refresh-${token}`,
    expiresAt: new Date(Date.now() + expiresInMs).toISOString(),
    user: { id: userId, email: `user${userId}@palco.test`, isSuperAdmin: true, permissions: [] },
  } as unknown as Session;
}

const lastSocket = async () => {
  await vi.waitFor(() => expect(sockets.length).toBeGreaterThan(0));
  return sockets.at(-1)!;
};

beforeAll(() => {
  realtimeTesting.useConnect((options) => {
    const socket = new FakeSocket(options);
    sockets.push(socket);
    return socket as unknown as Socket;
  });
});

afterEach(() => {
  realtimeTesting.reset();
  clearSession("logout");
  sockets.length = 0;
  vi.unstubAllGlobals();
  vi.stubGlobal("localStorage", {
    getItem: (key: string) => storage.get(key) ?? null,
    setItem: (key: string, value: string) => storage.set(key, value),
    removeItem: (key: string) => storage.delete(key),
  });
});

describe("the realtime connection", () => {
  it("opens one socket while held, presenting the current token, and closes when released", async () => {
    setSession(session("first"));
    const release = retainRealtime();
    const releaseToo = retainRealtime();
    const socket = await lastSocket();
    expect(socket.options.path).toBe("/socket.io");
    expect(await socket.token()).toBe("first");

    // A renewed token is what the next reconnection presents; the open socket is kept.
    setSession(session("renewed"));
    expect(await socket.token()).toBe("renewed");
    expect(socket.disconnected).toBe(false);

    release();
    release();
    expect(socket.disconnected).toBe(false);
    releaseToo();
    expect(socket.disconnected).toBe(true);
    expect(sockets).toHaveLength(1);
  });

  it("does not connect without a session", async () => {
    const release = retainRealtime();
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(sockets).toHaveLength(0);
    release();
  });

  it("stays closed while the session may only enrol a second factor, and opens once it has one", async () => {
    const { updateSessionUser } = await import("./session.ts");
    const confined = session("confined");
    setSession({ ...confined, user: { ...confined.user, mfaEnrollmentRequired: true } });
    const release = retainRealtime();
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(sockets).toHaveLength(0);

    updateSessionUser({ mfaEnrollmentRequired: false });
    expect(await (await lastSocket()).token()).toBe("confined");
    release();
  });

  it("hands pushed events to their listeners until they stop listening", async () => {
    setSession(session("token"));
    retainRealtime();
    const socket = await lastSocket();
    const stored = vi.fn();
    const read = vi.fn();
    const stop = subscribeRealtime("notificationStored", stored);
    subscribeRealtime("notificationRead", read);

    socket.push("notificationStored", { id: 7, kind: "booking-canceled" });
    expect(stored).toHaveBeenCalledWith({ id: 7, kind: "booking-canceled" });
    expect(read).not.toHaveBeenCalled();

    stop();
    socket.push("notificationStored", { id: 8, kind: "booking-canceled" });
    expect(stored).toHaveBeenCalledTimes(1);
  });

  it("says when it is connected, the first time and again after a drop", async () => {
    setSession(session("token"));
    retainRealtime();
    const socket = await lastSocket();
    const connected = vi.fn();
    subscribeRealtime("connected", connected);
    socket.fire("connect");
    expect(connected).toHaveBeenCalledTimes(1);
    socket.fire("disconnect", "transport close");
    socket.fire("connect");
    expect(connected).toHaveBeenCalledTimes(2);
  });

  it("closes on sign-out, and opens a new socket for the next user", async () => {
    setSession(session("mine", { userId: 1 }));
    retainRealtime();
    const first = await lastSocket();
    clearSession("logout");
    expect(first.disconnected).toBe(true);

    // Another user signs in (in another tab) while the layout still holds the connection: a socket of their own.
    setSession(session("theirs", { userId: 2 }));
    await vi.waitFor(() => expect(sockets).toHaveLength(2));
    const second = sockets[1]!;
    expect(second).not.toBe(first);
    expect(await second.token()).toBe("theirs");
  });

  it("renews the session once after an 'unauthorized' refusal, then tries again; a second refusal waits", async () => {
    // The stored token is about to expire, so a refresh really asks the server.
    setSession(session("old", { expiresInMs: 30_000 }));
    const renewed = session("new");
    const fetchMock = vi.fn(async () => new Response(JSON.stringify({ data: renewed }), { status: 200 }));
    vi.stubGlobal("fetch", fetchMock);
    retainRealtime();
    const socket = await lastSocket();

    socket.refuse();
    await vi.waitFor(() => expect(socket.connectCalls).toBe(1));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(String((fetchMock.mock.calls[0] as unknown[])[0])).toBe("/api/auth/refresh");
    expect(await socket.token()).toBe("new");

    socket.refuse();
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(socket.connectCalls).toBe(1);

    // The next session change (a token renewed by the API client) is worth one more try.
    setSession(session("newer"));
    expect(socket.connectCalls).toBe(2);
  });

  it("leaves network failures to the client library's own retries", async () => {
    setSession(session("token"));
    const fetchMock = vi.fn();
    vi.stubGlobal("fetch", fetchMock);
    retainRealtime();
    const socket = await lastSocket();
    socket.fire("connect_error", new Error("xhr poll error"));
    socket.fire("connect_error", new Error("unauthorized")); // still active: a retry is under way
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(fetchMock).not.toHaveBeenCalled();
    expect(socket.connectCalls).toBe(0);
  });

  it("signs out when the server closes the socket of a session that ended elsewhere", async () => {
    setSession(session("token"));
    const fetchMock = vi.fn(async () => new Response(JSON.stringify({ message: "ended" }), { status: 401 }));
    vi.stubGlobal("fetch", fetchMock);
    retainRealtime();
    const socket = await lastSocket();
    socket.fire("connect");
    socket.disconnect();
    socket.fire("disconnect", "io server disconnect");
    await vi.waitFor(() => expect(getSession()).toBeNull());
    expect(String((fetchMock.mock.calls[0] as unknown[])[0])).toBe("/api/auth/me");
    expect(socket.connectCalls).toBe(0);
  });

  it("connects again, with the user's current rights, when the server closed the socket of a live session", async () => {
    setSession(session("token"));
    const fresh = { ...session("token").user, permissions: ["OWNERS_INDEX"] };
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => new Response(JSON.stringify(fresh), { status: 200 })),
    );
    retainRealtime();
    const socket = await lastSocket();
    socket.fire("connect");
    socket.disconnect();
    socket.fire("disconnect", "io server disconnect");
    await vi.waitFor(() => expect(socket.connectCalls).toBe(1));
    expect(getSession()?.user.permissions).toEqual(["OWNERS_INDEX"]);
    // A network drop is the client library's to retry: nothing is asked.
    socket.fire("disconnect", "transport close");
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(socket.connectCalls).toBe(1);
  });
});
