import { randomBytes } from "node:crypto";
import { hostname } from "node:os";
import { EXPORT_KEEP_HOURS, type ExportFormat, type Language, type PermissionCode, translate } from "@palco/shared";
import { and, eq, inArray, lte, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import { recordAudit } from "../../platform/audit.ts";
import type { Db } from "../../platform/db.ts";
import type { Realtime } from "../../platform/realtime.ts";
import { asLanguage as toLanguage } from "../../platform/review-filters.ts";
import { notificationRecipients, notifications } from "../../platform/schema.ts";
import { deliver, rowsOf } from "../notifications/service.ts";
import { type Cell, cellContext, type ExportDeclaration } from "./declaration.ts";
import type { ExportFiles } from "./files.ts";
import { keepHeapFlat } from "./heap.ts";
import { EXPORT_BATCH, readerOf } from "./rows.ts";
import { exportJobs } from "./schema.ts";
import { csvWriter, type FileWriter, xlsxWriter } from "./writers.ts";

/** How often an idle instance looks for queued jobs (a job created here wakes it at once). */
export const POLL_MS = 1_000;
/** A running job's heartbeat is at most this old while its instance lives; older, another instance takes it. */
export const STALE_AFTER_SECONDS = 30;
const HEARTBEAT_MS = 5_000;
/** A job that killed its instance this many times is failed rather than tried again. */
const MAX_ATTEMPTS = 3;
const CLEANUP_EVERY_MS = 60_000;
/** Jobs an instance writes at once unless told otherwise (EXPORT_CONCURRENCY). */
export const DEFAULT_CONCURRENCY = 2;
/**
 * Rows written between two turns of the event loop: a job gives way to requests (and to the other jobs) every this
 * many rows, so a list answered meanwhile waits at most for this many rows' cells (a few milliseconds).
 */
export const ROWS_PER_TURN = 100;

/** Lets the event loop read sockets and run timers before the job goes on. */
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

type Job = typeof exportJobs.$inferSelect;

/** The job was taken by another instance (its heartbeat went stale) or this one is stopping. */
class Abandoned extends Error {}

export interface ExportWorkerDeps {
  db: Db;
  files: ExportFiles;
  declarations: ReadonlyMap<string, ExportDeclaration>;
  realtime: () => Realtime | undefined;
  log: FastifyBaseLogger;
  pollMs?: number;
  /** Jobs written at once on this instance (default DEFAULT_CONCURRENCY). */
  concurrency?: number;
}

/**
 * Runs export jobs stored in `export_jobs`, on every API instance: each claims queued jobs with
 * `FOR UPDATE SKIP LOCKED` (two instances never take the same), up to `concurrency` at once, heartbeats while it
 * writes, and takes up a job whose heartbeat went stale (its instance died mid-way) from the start. Stopping puts the
 * running jobs back in the queue. The same loop deletes files and jobs EXPORT_KEEP_HOURS after they were ready (or
 * failed). A job gives way to the event loop every ROWS_PER_TURN rows, so requests keep being answered meanwhile.
 */
export class ExportWorker {
  readonly instanceId = `${hostname()}:${process.pid}:${randomBytes(4).toString("hex")}`;
  readonly concurrency: number;
  private timer: NodeJS.Timeout | undefined;
  /** The claiming loop, while it runs (one at a time). */
  private claiming: Promise<void> | undefined;
  /** The jobs being written on this instance. */
  private readonly active = new Set<Promise<void>>();
  private stopping = false;
  private wanted = false;
  private lastCleanup = 0;

  constructor(private readonly deps: ExportWorkerDeps) {
    this.concurrency = Math.max(1, deps.concurrency ?? DEFAULT_CONCURRENCY);
  }

  /** How many jobs this instance is writing now. */
  get running(): number {
    return this.active.size;
  }

  start(): void {
    if (this.timer || this.stopping) return;
    this.timer = setInterval(() => this.wake(), this.deps.pollMs ?? POLL_MS);
    this.timer.unref();
    this.wake();
  }

  /**
   * Looks for work now (a job was just created here, or one just ended): claims jobs while fewer than
   * `concurrency` are being written; a wake during a claim looks again when it ends.
   */
  wake(): void {
    if (this.stopping) return;
    if (this.claiming) {
      this.wanted = true;
      return;
    }
    this.claiming = this.fill()
      .catch((error: unknown) => this.deps.log.error({ err: error }, "export worker failed"))
      .finally(() => {
        this.claiming = undefined;
        if (this.wanted && !this.stopping) {
          this.wanted = false;
          this.wake();
        }
      });
  }

  /** Stops claiming, and puts the jobs being written back in the queue for the next instance. */
  async stop(): Promise<void> {
    this.stopping = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    await this.claiming;
    await Promise.all(this.active);
  }

  /** Claims jobs up to the concurrency (each runs on its own), then the cleanup when it is due. */
  private async fill(): Promise<void> {
    while (!this.stopping && this.active.size < this.concurrency) {
      const job = await this.claim();
      if (!job) break;
      this.launch(job);
    }
    if (!this.stopping && Date.now() - this.lastCleanup >= CLEANUP_EVERY_MS) {
      this.lastCleanup = Date.now();
      await this.cleanup();
    }
  }

  private launch(job: Job): void {
    const running: Promise<void> = this.run(job)
      .catch((error: unknown) => this.deps.log.error({ err: error, exportId: job.id }, "export job failed"))
      .finally(() => {
        this.active.delete(running);
        this.wake();
      });
    this.active.add(running);
  }

  /** Every claimable job (up to `concurrency` at once) until none is left, then the cleanup when it is due. */
  async drain(): Promise<void> {
    for (;;) {
      await this.fill();
      if (this.active.size === 0 || this.stopping) break;
      await Promise.race(this.active);
    }
    await Promise.all(this.active);
  }

  async claim(): Promise<Job | undefined> {
    const { db } = this.deps;
    const claimed = rowsOf<{ id: number }>(
      await db.execute(sql`
        update ${exportJobs} set status = 'running', claimed_by = ${this.instanceId}, heartbeat_at = now(),
          started_at = now(), attempts = attempts + 1, rows = 0
        where id = (
          select id from ${exportJobs}
          where status = 'queued'
            or (status = 'running' and heartbeat_at < now() - make_interval(secs => ${STALE_AFTER_SECONDS}))
          order by created_at, id
          for update skip locked
          limit 1)
        returning id`),
    );
    const id = claimed[0]?.id;
    if (id === undefined) return undefined;
    const [job] = await db.select().from(exportJobs).where(eq(exportJobs.id, id));
    return job;
  }

  /** Deletes expired files and their jobs. */
  async cleanup(now = new Date()): Promise<number> {
    const { db, files } = this.deps;
    const expired = await db
      .select({ id: exportJobs.id, fileKey: exportJobs.fileKey })
      .from(exportJobs)
      .where(lte(exportJobs.expiresAt, now))
      .limit(500);
    if (expired.length === 0) return 0;
    for (const job of expired) await files.remove(job.fileKey);
    await db.delete(exportJobs).where(
      inArray(
        exportJobs.id,
        expired.map((job) => job.id),
      ),
    );
    return expired.length;
  }

  /** Writes the heartbeat (and the progress); false when the job is no longer this instance's. */
  private async beat(job: Job, rows?: number): Promise<boolean> {
    const updated = await this.deps.db
      .update(exportJobs)
      .set({ heartbeatAt: sql`now()`, ...(rows === undefined ? {} : { rows }) })
      .where(
        and(eq(exportJobs.id, job.id), eq(exportJobs.claimedBy, this.instanceId), eq(exportJobs.status, "running")),
      )
      .returning({ id: exportJobs.id });
    return updated.length > 0;
  }

  async run(job: Job): Promise<void> {
    const { db, files, log } = this.deps;
    const language = toLanguage(job.language);
    if (job.attempts > MAX_ATTEMPTS) return this.fail(job, language, new Error("too many attempts"));
    const key = files.newKey(job.format as ExportFormat);
    let writer: FileWriter | undefined;
    let lost = false;
    const heartbeat = setInterval(() => {
      this.beat(job).then(
        (mine) => {
          if (!mine) lost = true;
        },
        () => {},
      );
    }, HEARTBEAT_MS);
    try {
      const declaration = this.deps.declarations.get(job.resource);
      if (!declaration) throw new Error(`no export for ${job.resource}`);
      const member = await memberOf(db, job.userId);
      if (!member || !holds(member, declaration.permission)) throw new Error("the member may no longer list it");
      const parsed = declaration.listQuery.safeParse(job.query);
      if (!parsed.success) throw new Error("the list query is no longer valid");
      const rows = readerOf(db, declaration.rows(db, parsed.data as Record<string, unknown>));
      const columns = declaration.columns.filter((column) => !column.permission || holds(member, column.permission));
      const total = await rows.count();
      await db.update(exportJobs).set({ total }).where(eq(exportJobs.id, job.id));

      const file = await files.workPath(key);
      writer =
        job.format === "xlsx"
          ? xlsxWriter(file, translate(language, `EXPORTS.RESOURCES.${job.resource}`))
          : csvWriter(file);
      await writer.header(
        columns.map((column) => translate(language, `EXPORTS.COLUMNS.${column.header}`)),
        columns.map((column) => column.width),
      );
      const context = cellContext(language);
      let written = 0;
      for await (const batch of rows.batches(EXPORT_BATCH)) {
        for (let index = 0; index < batch.length; index++) {
          await writer.row(columns.map((column): Cell => column.value(batch[index]!, context)));
          if ((index + 1) % ROWS_PER_TURN === 0) {
            // The file's stream takes what was written before more is made (nothing piles up in memory), and
            // requests waiting meanwhile are answered.
            await writer.drained();
            await nextTurn();
          }
        }
        written += batch.length;
        keepHeapFlat();
        await writer.drained();
        if (this.stopping || lost || !(await this.beat(job, written))) throw new Abandoned();
      }
      await writer.close();
      writer = undefined;
      await files.publish(key, file, job.format as ExportFormat);
      const finished = await db.transaction(async (tx) => {
        const [ready] = await tx
          .update(exportJobs)
          .set({
            status: "ready",
            rows: written,
            fileKey: key,
            finishedAt: sql`now()`,
            expiresAt: sql`now() + make_interval(hours => ${EXPORT_KEEP_HOURS})`,
            claimedBy: null,
          })
          .where(and(eq(exportJobs.id, job.id), eq(exportJobs.claimedBy, this.instanceId)))
          .returning();
        if (!ready) return undefined;
        await this.record(tx, ready, member);
        return notify(tx, ready, "export-ready", language);
      });
      if (!finished) {
        await files.remove(key);
        return;
      }
      deliver(this.deps.realtime(), [finished]);
    } catch (error) {
      await writer?.abort();
      await files.remove(key);
      if (error instanceof Abandoned) {
        // Stopping: back to the queue at once. Taken over by another instance: nothing to do.
        if (this.stopping) {
          await db
            .update(exportJobs)
            .set({ status: "queued", claimedBy: null, heartbeatAt: null, rows: 0 })
            .where(and(eq(exportJobs.id, job.id), eq(exportJobs.claimedBy, this.instanceId)));
        }
        return;
      }
      log.error({ err: error, exportId: job.id }, "export failed");
      await this.fail(job, language, error);
    } finally {
      clearInterval(heartbeat);
    }
  }

  private async fail(job: Job, language: Language, error: unknown) {
    const { db } = this.deps;
    const stored = await db.transaction(async (tx) => {
      const [failed] = await tx
        .update(exportJobs)
        .set({
          status: "failed",
          error: error instanceof Error ? error.message.slice(0, 500) : "failed",
          finishedAt: sql`now()`,
          expiresAt: sql`now() + make_interval(hours => ${EXPORT_KEEP_HOURS})`,
          claimedBy: null,
        })
        .where(and(eq(exportJobs.id, job.id), eq(exportJobs.claimedBy, this.instanceId)))
        .returning();
      if (!failed) return undefined;
      const member = await memberOf(tx, job.userId);
      if (member) await this.record(tx, failed, member);
      return notify(tx, failed, "export-failed", language);
    });
    if (stored) deliver(this.deps.realtime(), [stored]);
  }

  /** The audit entry of a finished (or failed) export: who, which list, which filters, how many rows. */
  private async record(tx: Db, job: Job, member: Member) {
    await recordAudit(
      tx,
      { actor: null, requestId: null, ip: null, userAgent: null },
      {
        action: "export",
        resource: job.resource as never,
        recordId: null,
        actor: { id: member.id, name: `${member.firstName} ${member.lastName}`.trim(), email: member.email },
        changes: {
          format: [null, job.format],
          filters: [null, job.query],
          rows: [null, job.rows],
          status: [null, job.status],
          exportId: [null, job.id],
        },
      },
    );
  }
}

interface Member {
  id: number;
  firstName: string;
  lastName: string;
  email: string;
  isActive: boolean;
  isSuperAdmin: boolean;
  codes: string[] | null;
}

/** The member as the job runs: their permissions now, not when they asked. */
async function memberOf(db: Db, userId: number): Promise<Member | undefined> {
  const [row] = rowsOf<{
    id: number;
    first_name: string;
    last_name: string;
    email: string;
    is_active: boolean;
    is_super_admin: boolean;
    codes: string[] | null;
  }>(
    await db.execute(sql`select u.id, u.first_name, u.last_name, u.email, u.is_active, u.is_super_admin,
      (select array_agg(distinct rp.permission_code) from user_roles ur
        join role_permissions rp on rp.role_id = ur.role_id where ur.user_id = u.id) as codes
      from users u where u.id = ${userId}`),
  );
  return row
    ? {
        id: row.id,
        firstName: row.first_name,
        lastName: row.last_name,
        email: row.email,
        isActive: row.is_active,
        isSuperAdmin: row.is_super_admin,
        codes: row.codes,
      }
    : undefined;
}

const holds = (member: Member, code: PermissionCode) =>
  member.isActive && (member.isSuperAdmin || (member.codes ?? []).includes(code));

/** The member's own notice (the bell, live): only they are told of their export. */
async function notify(tx: Db, job: Job, kind: "export-ready" | "export-failed", language: Language) {
  const [row] = await tx
    .insert(notifications)
    .values({
      kind,
      notificationType: "export",
      notificationTypeId: job.id,
      payload: {
        resource: translate(language, `EXPORTS.RESOURCES.${job.resource}`),
        rows: String(job.rows),
        format: job.format,
      },
    })
    .returning({ id: notifications.id });
  await tx.insert(notificationRecipients).values({ notificationId: row!.id, userId: job.userId });
  return { id: row!.id, kind, recipients: [job.userId] };
}
