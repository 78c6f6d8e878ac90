import { mkdirSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { drizzle as drizzleNodePg } from "drizzle-orm/node-postgres";
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import pg from "pg";
import { markConnectFailure } from "./db-errors.ts";
import * as schema from "./schema.ts";

export type Schema = typeof schema;
/** Both drivers expose the same query builder; code only ever sees this common type. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema>;

export interface Database {
  db: Db;
  kind: "pglite" | "postgres";
  /**
   * Runs `task` while holding a database-wide lock, so API processes starting together against one PostgreSQL
   * migrate and seed one after the other (PGlite has a single user: no lock needed).
   */
  exclusive<T>(task: () => Promise<T>): Promise<T>;
  /** Runs a trivial query; rejects when the database cannot answer (readiness probe). */
  ping(): Promise<void>;
  /** The embedded database's data folder as a tar, taken between statements (backups); null on PostgreSQL. */
  dump: (() => Promise<Blob>) | null;
  /** Where the embedded database keeps its files; undefined in memory and on PostgreSQL. */
  dataDir?: string | undefined;
  /**
   * Runs a named statement on PostgreSQL's pool of connections that keep one plan per statement
   * (`withGenericPlans`); null on the embedded database, which has no pool to keep plans in.
   */
  runGeneric: ((statement: NamedStatement) => Promise<Record<string, unknown>[]>) | null;
  /** The PostgreSQL pools' connections right now, both pools together (metrics); null on the embedded database. */
  poolStats: (() => { total: number; idle: number; waiting: number }) | null;
  /** Hears how long each query waited for a pooled connection, in seconds (metrics; never on PGlite). */
  onPoolWait(listener: (seconds: number) => void): void;
  close(): Promise<void>;
}

/** A statement prepared once per connection under `name` (node-postgres' named statements). */
export interface NamedStatement {
  name: string;
  text: string;
  values: unknown[];
}

/**
 * `url` for connections that plan a named statement once and keep that plan for every value
 * (plan_cache_mode=force_generic_plan), added to any server options the URL already carries. For statements written
 * so that one plan suits every value (the command palette's search): left to itself, PostgreSQL kept planning most
 * of them anew on every run, since a plan made for the values at hand is estimated cheaper, and planning cost more
 * than running; and for a bounded list's counted page, whose term test no index can serve (platform/list-query.ts).
 * Only on a pool of its own: the other statements (a LIKE of a parameter above all) need the plan made for their
 * values.
 */
export function withGenericPlans(url: string): string {
  const parsed = new URL(url);
  // A plan kept for every value is made without them: it reads a page's `OFFSET $n` as a tenth of the matches and
  // may then start parallel workers for a walk that stops after a dozen rows (5–10 ms of process start-up per run).
  const options = [
    parsed.searchParams.get("options"),
    "-c plan_cache_mode=force_generic_plan",
    "-c max_parallel_workers_per_gather=0",
  ].filter(Boolean);
  parsed.searchParams.delete("options");
  // Spaces as %20: libpq (pgbench reads this URL too) does not read "+" as a space.
  const others = parsed.searchParams.toString();
  parsed.search = [others, `options=${encodeURIComponent(options.join(" "))}`].filter(Boolean).join("&");
  return parsed.toString();
}

/** Each PostgreSQL database's twin on the pool of connections that keep one plan per named statement. */
const genericTwins = new WeakMap<object, Db>();

/**
 * `db`'s twin whose named statements keep one plan for every value (`withGenericPlans`), for statements written so
 * that one plan suits them all (platform/list-query.ts, a bounded list's counted page); undefined on the embedded
 * database and inside a transaction.
 */
export function genericTwinOf(db: Db): Db | undefined {
  return genericTwins.get(db);
}

/** How long node-postgres may take to open a connection before the query fails. */
export const CONNECT_TIMEOUT_MS = 5_000;

/**
 * The embedded server keeps PostgreSQL's defaults, sized for a dedicated machine: 128 MB of shared buffers and
 * 64 MB per index build, all inside the WebAssembly heap of this process, which never gives memory back. The whole
 * database is a few tens of megabytes and every buffer miss is served from the OS page cache, so 16 MB each keeps
 * the process small at no visible cost (README, "Memory"). Durability settings are PGlite's own, unchanged.
 */
export const PGLITE_OPTIONS = {
  extensions: { pg_trgm },
  startParams: [...PGlite.defaultStartParams, "-c", "shared_buffers=16MB", "-c", "maintenance_work_mem=16MB"],
};

/**
 * A node-postgres client whose failures to connect say so: the server refusing a new session (the database takes no
 * connections, the role lost CONNECT) answers with codes a query can raise too, and only where the error came from
 * tells an outage from a refused query (platform/db-errors.ts).
 */
class MarkedConnectClient extends pg.Client {
  override connect(): Promise<pg.Client>;
  override connect(callback: (error: Error) => void): void;
  override connect(callback?: (error: Error) => void): Promise<pg.Client> | undefined {
    if (callback) {
      super.connect((error: Error) => callback(error ? markConnectFailure(error) : error));
      return undefined;
    }
    return super.connect().catch((error: unknown) => {
      throw markConnectFailure(error);
    });
  }
}

type PoolCallback = (
  error: Error | undefined,
  client: pg.PoolClient | undefined,
  release: (error?: Error) => void,
) => void;

/** A pool that tells how long each checkout waited (pg-pool's own `query` checks out through `connect`). */
class TimedPool extends pg.Pool {
  waitListener: ((seconds: number) => void) | undefined;

  override connect(): Promise<pg.PoolClient>;
  override connect(callback: PoolCallback): void;
  override connect(callback?: PoolCallback): Promise<pg.PoolClient> | undefined {
    const started = performance.now();
    const waited = () => this.waitListener?.((performance.now() - started) / 1000);
    if (callback) {
      super.connect((error, client, release) => {
        if (!error) waited();
        callback(error, client, release);
      });
      return undefined;
    }
    return super.connect().then((client) => {
      waited();
      return client;
    });
  }
}

/** The dump of an embedded database (platform/backup.ts): a checkpoint first, so a restore replays little. */
export async function dumpPglite(client: PGlite): Promise<Blob> {
  await client.query("CHECKPOINT");
  return client.dumpDataDir("none");
}

// Arbitrary constant identifying "Palco start-up" among advisory locks.
const STARTUP_LOCK = 727_256_001;

export interface DatabaseOptions {
  /** PostgreSQL connection string; when absent an embedded PGlite database is used. */
  url?: string | undefined;
  /** PGlite keeps its files in `<dataDir>/db`. */
  dataDir?: string | undefined;
  /** PGlite in memory (tests). */
  inMemory?: boolean | undefined;
  /** A PGlite data directory dump (`dumpDataDir`) to start from instead of running initdb (tests). */
  loadDataDir?: Blob | undefined;
}

/**
 * A pool of at most ten connections (a PostgreSQL server takes 100 by default; an API instance opens two pools). A
 * client losing its connection emits "error": the pool listens only while the client is idle, so one checked out for
 * a transaction or the start-up lock would crash the process. The query in flight still rejects (503), and the pool
 * discards the broken client on release and opens a new one on demand, so the API recovers by itself once the
 * server is back.
 */
function createPool(url: string): TimedPool {
  const pool = new TimedPool({
    connectionString: url,
    max: 10,
    // During an outage a request fails within seconds (503) instead of waiting for the OS connect timeout.
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    Client: MarkedConnectClient,
  });
  pool.on("error", () => {});
  pool.on("connect", (client) => {
    client.on("error", () => {});
  });
  return pool;
}

export async function createDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.url) {
    const pool = createPool(options.url);
    const genericPool = createPool(withGenericPlans(options.url));
    const db = drizzleNodePg({ client: pool, schema }) as unknown as Db;
    genericTwins.set(db, drizzleNodePg({ client: genericPool, schema }) as unknown as Db);
    return {
      db,
      kind: "postgres",
      async exclusive(task) {
        const client = await pool.connect();
        try {
          await client.query("SELECT pg_advisory_lock($1)", [STARTUP_LOCK]);
          try {
            return await task();
          } finally {
            await client.query("SELECT pg_advisory_unlock($1)", [STARTUP_LOCK]);
          }
        } finally {
          client.release();
        }
      },
      async ping() {
        await pool.query("SELECT 1");
      },
      dump: null,
      runGeneric: async (statement) => (await genericPool.query<Record<string, unknown>>(statement)).rows,
      poolStats: () => ({
        total: pool.totalCount + genericPool.totalCount,
        idle: pool.idleCount + genericPool.idleCount,
        waiting: pool.waitingCount + genericPool.waitingCount,
      }),
      onPoolWait(listener) {
        pool.waitListener = listener;
        genericPool.waitListener = listener;
      },
      close: async () => {
        await Promise.all([pool.end(), genericPool.end()]);
      },
    };
  }
  let dataDir: string | undefined;
  if (!options.inMemory) {
    if (!options.dataDir) throw new Error("createDatabase needs url, dataDir or inMemory");
    dataDir = path.join(options.dataDir, "db");
    mkdirSync(dataDir, { recursive: true });
  }
  const client = await PGlite.create({
    ...(dataDir ? { dataDir } : {}),
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
    ...PGLITE_OPTIONS,
  });
  const db = drizzlePglite({ client, schema }) as unknown as Db;
  return {
    db,
    kind: "pglite",
    exclusive: (task) => task(),
    async ping() {
      await client.query("SELECT 1");
    },
    dump: () => dumpPglite(client),
    dataDir,
    runGeneric: null,
    poolStats: null,
    onPoolWait() {},
    close: async () => {
      if (!client.closed) await client.close();
    },
  };
}

/** The PostgreSQL error behind a drizzle error (drizzle wraps driver errors in DrizzleQueryError.cause). */
export function pgErrorOf(error: unknown): { code: string; constraint?: string | undefined } | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current; depth++) {
    const candidate = current as { code?: unknown; constraint?: unknown; cause?: unknown };
    if (typeof candidate.code === "string" && /^[0-9A-Z]{5}$/.test(candidate.code)) {
      return {
        code: candidate.code,
        constraint: typeof candidate.constraint === "string" ? candidate.constraint : undefined,
      };
    }
    current = candidate.cause;
  }
  return undefined;
}

export const PG_UNIQUE_VIOLATION = "23505";
export const PG_FOREIGN_KEY_VIOLATION = "23503";
