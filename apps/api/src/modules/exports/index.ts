import path from "node:path";
import { count, inArray } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { Db } from "../../platform/db.ts";
import { auditLogExport } from "../audit-log/export.ts";
import { bookingExport } from "../bookings/export.ts";
import { boxExport } from "../boxes/export.ts";
import { categoryExport } from "../categories/export.ts";
import { cityExport } from "../cities/export.ts";
import { eventExport } from "../events/export.ts";
import { ownerExport } from "../owners/export.ts";
import { serviceExport } from "../services/export.ts";
import { userExport } from "../users/export.ts";
import { venueExport } from "../venues/export.ts";
import type { ExportDeclaration } from "./declaration.ts";
import { ExportFiles } from "./files.ts";
import { exportRoutes } from "./routes.ts";
import { exportJobs } from "./schema.ts";
import { ExportWorker } from "./worker.ts";

declare module "fastify" {
  interface FastifyInstance {
    exports: {
      declarations: ReadonlyMap<string, ExportDeclaration>;
      files: ExportFiles;
      worker: ExportWorker;
    };
  }
}

/** Every exportable list: each module declares its own (export.ts next to its routes). */
function declarations(app: FastifyInstance): ExportDeclaration[] {
  return [
    bookingExport,
    ownerExport(app),
    boxExport(app),
    eventExport,
    userExport,
    venueExport,
    cityExport,
    categoryExport,
    serviceExport,
    auditLogExport,
  ] as ExportDeclaration[];
}

/** Jobs waiting and being written, across every instance (the metrics' queue depth). */
export async function countExportJobs(db: Db): Promise<{ queued: number; running: number }> {
  const rows = await db
    .select({ status: exportJobs.status, jobs: count() })
    .from(exportJobs)
    .where(inArray(exportJobs.status, ["queued", "running"]))
    .groupBy(exportJobs.status);
  const of = (status: string) => rows.find((row) => row.status === status)?.jobs ?? 0;
  return { queued: of("queued"), running: of("running") };
}

export interface ExportOptions {
  /** Run the job worker on this instance (default true). */
  worker?: boolean;
  pollMs?: number;
  /** Jobs written at once on this instance (EXPORT_CONCURRENCY, default 2). */
  concurrency?: number;
}

/**
 * Exports: the routes, and the worker that runs the jobs, started when the app is ready and stopped before it
 * closes (a job being written goes back to the queue for the next instance).
 */
export async function registerExports(app: FastifyInstance, dataDir: string, options: ExportOptions = {}) {
  const byResource = new Map(declarations(app).map((declaration) => [declaration.resource, declaration]));
  const files = new ExportFiles(path.join(dataDir, "private"), app.images.files);
  const worker = new ExportWorker({
    db: app.db,
    files,
    declarations: byResource,
    realtime: () => app.realtime,
    log: app.log,
    ...(options.pollMs ? { pollMs: options.pollMs } : {}),
    ...(options.concurrency ? { concurrency: options.concurrency } : {}),
  });
  app.decorate("exports", { declarations: byResource, files, worker });
  await app.register(exportRoutes);
  if (options.worker !== false) app.addHook("onReady", async () => worker.start());
  app.addHook("preClose", async () => worker.stop());
}
