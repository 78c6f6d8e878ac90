import { randomUUID } from "node:crypto";
import { and, eq, isNull, ne } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import { type LoadedUser, loadSessionUser, type MfaPolicy } from "./auth.ts";
import type { Db } from "./db.ts";
import type { RedisConnection } from "./redis.ts";
import { refreshTokens } from "./schema.ts";

/**
 * Which sessions end: one sign-in (its refresh-token family: logout, refresh-token reuse), or every session of a
 * user except possibly the one making the change (block, delete, password, roles).
 */
export type SessionEnd = { sessionId: string } | { userId: number; except?: string | undefined };

/** Whose cached session data is stale: one user's (edited, unblocked), or everyone's (a role's permissions). */
export type AccessChange = { userId: number } | "everyone";

/** What a transaction run by `Sessions.change` may do; announced only once it has committed. */
export interface SessionChanges {
  /** Revokes the sessions' refresh tokens in this transaction; closes their sockets and cache after commit. */
  end(scope: SessionEnd): Promise<void>;
  /** Drops cached session data after commit, so the next request sees the new state. */
  accessChanged(change: AccessChange): void;
}

type Invalidation = { sessionId: string } | { userId: number } | "everyone";

interface CacheEntry {
  userId: number;
  loaded: LoadedUser | undefined;
  expiresAt: number;
}

export interface SessionCacheOptions {
  ttlMs: number;
  maxEntries: number;
}

export const DEFAULT_SESSION_CACHE: SessionCacheOptions = { ttlMs: 10_000, maxEntries: 10_000 };

/**
 * The session user of recent requests, by session id, so the guard does not query the database on every call.
 * Every write that ends a session or changes what a user may do invalidates it at once (on every instance through
 * Redis); the short TTL only bounds what a lost invalidation message could leave behind.
 */
export class SessionCache {
  private readonly entries = new Map<string, CacheEntry>();
  private readonly loading = new Map<string, { generation: number; promise: Promise<LoadedUser | undefined> }>();
  /**
   * Bumped by every invalidation. A load that started before one may have read the old rows: it is answered to its
   * own request but not stored, otherwise it would outlive the invalidation that should have removed it.
   */
  private generation = 0;
  /** False while invalidations from other instances could be missed (Redis subscriber down): no cache hits. */
  trusted = true;

  constructor(private readonly options: SessionCacheOptions = DEFAULT_SESSION_CACHE) {}

  async get(userId: number, sessionId: string, load: () => Promise<LoadedUser | undefined>) {
    const now = Date.now();
    const hit = this.entries.get(sessionId);
    if (hit && this.trusted && hit.expiresAt > now && hit.userId === userId) return hit.loaded;
    const generation = this.generation;
    const pending = this.loading.get(sessionId);
    // Parallel requests of one session share a load, unless an invalidation came in since it started.
    if (pending && pending.generation === generation) return pending.promise;
    const promise = load();
    this.loading.set(sessionId, { generation, promise });
    try {
      const loaded = await promise;
      if (generation === this.generation && this.trusted && (loaded === undefined || loaded.user.id === userId)) {
        this.store(sessionId, { userId, loaded, expiresAt: Date.now() + this.options.ttlMs });
      }
      return loaded;
    } finally {
      if (this.loading.get(sessionId)?.promise === promise) this.loading.delete(sessionId);
    }
  }

  invalidate(what: Invalidation): void {
    this.generation += 1;
    this.loading.clear();
    if (what === "everyone") this.entries.clear();
    else if ("sessionId" in what) this.entries.delete(what.sessionId);
    else for (const [key, entry] of this.entries) if (entry.userId === what.userId) this.entries.delete(key);
  }

  get size(): number {
    return this.entries.size;
  }

  private store(sessionId: string, entry: CacheEntry) {
    this.entries.delete(sessionId);
    if (this.entries.size >= this.options.maxEntries) {
      const now = Date.now();
      for (const [key, old] of this.entries) if (old.expiresAt <= now) this.entries.delete(key);
      // Still full of live entries: the oldest go first (Map keeps insertion order).
      for (const key of this.entries.keys()) {
        if (this.entries.size < this.options.maxEntries) break;
        this.entries.delete(key);
      }
    }
    this.entries.set(sessionId, entry);
  }
}

const CHANNEL = "palco:sessions";
const ECHO_TIMEOUT_MS = 250;

/**
 * The one place sessions end and cached access is dropped. Each path that ends a session or changes a user's
 * access runs its write through `change`, which revokes the refresh tokens in the same transaction and, once it
 * has committed, drops the cached session data (on every instance) and closes the sockets of ended sessions: no
 * path can do one half and forget the other.
 */
export class Sessions {
  readonly cache: SessionCache;
  private readonly listeners: ((ended: SessionEnd) => void)[] = [];
  private readonly instanceId = randomUUID();
  private publisher: RedisConnection | undefined;
  /** Our own published invalidations, waiting to come back through the subscriber. */
  private readonly echoes = new Map<string, () => void>();

  constructor(
    private readonly deps: { db: Db; log: FastifyBaseLogger; policy: MfaPolicy },
    cacheOptions: SessionCacheOptions = DEFAULT_SESSION_CACHE,
  ) {
    this.cache = new SessionCache(cacheOptions);
  }

  /** Shares invalidations with the other instances through Redis pub/sub. */
  async useRedis(redis: RedisConnection): Promise<void> {
    const subscriber = redis.client.duplicate();
    let connectedOnce = false;
    subscriber.on("error", (error: unknown) => this.deps.log.error({ err: error }, "redis (sessions) error"));
    // Messages sent while the subscriber was away are lost: serve no cached data until it is back, then start over.
    subscriber.on("end", () => {
      this.cache.trusted = false;
    });
    subscriber.on("reconnecting", () => {
      this.cache.trusted = false;
    });
    subscriber.on("ready", () => {
      if (connectedOnce) this.cache.invalidate("everyone");
      connectedOnce = true;
      this.cache.trusted = true;
    });
    await subscriber.connect();
    await subscriber.subscribe(CHANNEL, (message) => {
      try {
        const { from, id, what } = JSON.parse(message) as { from: string; id: string; what: Invalidation };
        if (from !== this.instanceId) this.cache.invalidate(what);
        else this.echoes.get(id)?.();
      } catch (error) {
        this.deps.log.error({ err: error }, "malformed session invalidation");
        this.cache.invalidate("everyone");
      }
    });
    this.publisher = redis;
    redis.onClose(async () => {
      this.publisher = undefined;
      await subscriber.close().catch(() => subscriber.destroy());
    });
  }

  /** Called for every ended session after its transaction committed (realtime closes the sockets). */
  onEnded(listener: (ended: SessionEnd) => void): void {
    this.listeners.push(listener);
  }

  /**
   * The user of an access token's session: undefined when the user no longer exists; `sessionAlive` false once the
   * session ended.
   */
  user(userId: number, sessionId: string): Promise<LoadedUser | undefined> {
    return this.cache.get(userId, sessionId, () => this.reload(userId, sessionId));
  }

  /** The same, read from the database now, whatever is cached. */
  reload(userId: number, sessionId: string): Promise<LoadedUser | undefined> {
    return loadSessionUser(this.deps.db, { userId, sessionId, policy: this.deps.policy });
  }

  /** Runs `work` in a transaction; what it ended or changed is announced after the commit (not on rollback). */
  async change<T>(work: (tx: Db, changes: SessionChanges) => Promise<T>): Promise<T> {
    const ended: SessionEnd[] = [];
    const changed: Invalidation[] = [];
    const result = await this.deps.db.transaction(async (tx) =>
      work(tx, {
        end: async (scope) => {
          await revoke(tx, scope);
          ended.push(scope);
        },
        accessChanged: (change) => {
          changed.push(change);
        },
      }),
    );
    await this.announce(ended, changed);
    return result;
  }

  /** The MFA policy the sessions are loaded with (super-admins' requirement). */
  get policy(): MfaPolicy {
    return this.deps.policy;
  }

  /** Ends sessions outside any other write (logout). */
  end(scope: SessionEnd): Promise<void> {
    return this.change((_, changes) => changes.end(scope));
  }

  private async announce(ended: SessionEnd[], changed: Invalidation[]) {
    const invalidations: Invalidation[] = [
      ...changed,
      ...ended.map(
        (scope): Invalidation => ("sessionId" in scope ? { sessionId: scope.sessionId } : { userId: scope.userId }),
      ),
    ];
    const what = invalidations.some((item) => item === "everyone") ? ["everyone" as const] : invalidations;
    for (const item of what) this.cache.invalidate(item);
    // Every instance forgets the sessions before their sockets close: a client whose socket another instance
    // closes asks that instance who it is at once, and must not be answered from its cache as still signed in.
    const publisher = this.publisher;
    if (publisher && what.length > 0) await Promise.all(what.map((item) => this.publish(publisher, item)));
    for (const scope of ended) {
      for (const listener of this.listeners) {
        try {
          listener(scope);
        } catch (error) {
          this.deps.log.error({ err: error }, "session end listener failed");
        }
      }
    }
  }

  /**
   * Resolves once the message has come back to this instance's own subscriber: Redis then has handed it to every
   * instance, so the response that reports the change leaves only after the others have it. Bounded, so a slow
   * Redis delays the answer at most a little (the others then fall back on the cache TTL).
   */
  private async publish(publisher: RedisConnection, what: Invalidation) {
    const id = randomUUID();
    let timer: NodeJS.Timeout | undefined;
    const echoed = new Promise<void>((resolve) => {
      this.echoes.set(id, resolve);
      timer = setTimeout(resolve, ECHO_TIMEOUT_MS);
    });
    try {
      await publisher.client.publish(CHANNEL, JSON.stringify({ from: this.instanceId, id, what }));
      await echoed;
      // One more turn of the event loop, so messages read in the same poll as the echo are handled too.
      await new Promise((resolve) => setImmediate(resolve));
    } catch (error) {
      // The change itself is committed; the others fall back on the cache TTL.
      this.deps.log.error({ err: error }, "could not publish a session invalidation");
    } finally {
      clearTimeout(timer);
      this.echoes.delete(id);
    }
  }
}

async function revoke(tx: Db, scope: SessionEnd) {
  const now = new Date();
  const which =
    "sessionId" in scope
      ? eq(refreshTokens.family, scope.sessionId)
      : and(eq(refreshTokens.userId, scope.userId), scope.except ? ne(refreshTokens.family, scope.except) : undefined);
  await tx
    .update(refreshTokens)
    .set({ revokedAt: now })
    .where(and(which, isNull(refreshTokens.revokedAt)));
}
