import {
  type ExportFormat,
  type ExportJob,
  type ExportResource,
  errorBody,
  exportCreated,
  exportCreateInput,
  exportFileName,
  exportJob,
  exportList,
  idParams,
  type Language,
  translate,
} from "@palco/shared";
import { and, desc, eq } from "drizzle-orm";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { DocumentStore } from "../../platform/documents.ts";
import { ApiError, forbidden, issueMessages, languageOf, notFound } from "../../platform/errors.ts";
import { isAllowed, requireStepUp } from "../../platform/guard.ts";
import { CONTENT_TYPES } from "./files.ts";
import { exportJobs } from "./schema.ts";

const tags = ["Exports"];
const errors = { "4xx": errorBody };
/** Paging and cursors belong to the screen, not to the file: the export holds every row of the list. */
const PAGING = new Set(["page", "after", "before"]);
/** The member's exports a list shows (they are deleted after a day anyway). */
const LIST_LIMIT = 100;
const iso = (date: Date | null) => (date ? date.toISOString() : null);

type Job = typeof exportJobs.$inferSelect;

/** The job as its owner sees it: the signed download link only when the file is ready. */
function present(app: FastifyInstance, request: FastifyRequest, job: Job, language: Language): ExportJob {
  const createdAt = iso(job.createdAt)!;
  const url =
    job.status === "ready"
      ? app.documents.sign(request, DocumentStore.path("exports", job.id, "file", job.fileKey))
      : null;
  return {
    id: job.id,
    resource: job.resource as ExportResource,
    format: job.format as ExportFormat,
    status: job.status as ExportJob["status"],
    rows: job.rows,
    total: job.total,
    query: job.query,
    ...(url ? { url } : {}),
    fileName: exportFileName(job.resource, job.format as ExportFormat, createdAt),
    createdAt,
    finishedAt: iso(job.finishedAt),
    expiresAt: iso(job.expiresAt),
    ...(job.status === "failed" ? { error: translate(language, "EXPORTS.FAILED") } : {}),
  };
}

function refuse(reply: FastifyReply, statusCode: 401 | 403 | 404) {
  const message = statusCode === 401 ? "Unauthorized" : statusCode === 403 ? "Forbidden" : "Not Found";
  return reply
    .code(statusCode)
    .header("Cache-Control", "private, no-store")
    .send({ statusCode, error: message, message });
}

export async function exportRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { declarations } = app.exports;

  r.post(
    "/api/exports",
    {
      // The list's own INDEX permission is checked below, for the resource the body names.
      config: { permission: null },
      schema: {
        tags,
        summary: "Export a list (its current filters and search) to CSV or Excel, as a job",
        description:
          "Needs the list's own permission (BOOKINGS_INDEX for bookings…); `query` is the list's query string, " +
          "validated by that list's schema (page and cursors ignored). Lists of personal data (bookings, owners, " +
          "users…) ask for a recent step-up. Answers 202 with the job; GET /api/exports/{id} reports its progress.",
        body: exportCreateInput,
        response: { 202: exportCreated, ...errors },
      },
    },
    async (request, reply) => {
      const { resource, format, query } = request.body;
      const declaration = declarations.get(resource);
      if (!declaration) throw new ApiError(422, { resource: "EXPORTS.VALIDATION.RESOURCE" });
      if (!isAllowed(request.sessionUser!, declaration.permission)) throw forbidden();
      const listQuery = Object.fromEntries(Object.entries(query).filter(([name]) => !PAGING.has(name)));
      const parsed = declaration.listQuery.safeParse(listQuery);
      if (!parsed.success) throw new ApiError(422, issueMessages(parsed.error.issues));
      if (declaration.personal) requireStepUp(request);
      const [job] = await app.db
        .insert(exportJobs)
        .values({
          userId: request.sessionUser!.id,
          resource,
          format,
          query: listQuery,
          language: languageOf(request),
        })
        .returning({ id: exportJobs.id, status: exportJobs.status });
      app.exports.worker.wake();
      return reply.code(202).send({ id: job!.id, status: job!.status as "queued" });
    },
  );

  r.get(
    "/api/exports",
    {
      config: { permission: null },
      schema: {
        tags,
        summary: `The member's own exports, newest first (at most ${LIST_LIMIT}; each is deleted a day after it is ready)`,
        response: { 200: exportList, ...errors },
      },
    },
    async (request) => {
      const rows = await app.db
        .select()
        .from(exportJobs)
        .where(eq(exportJobs.userId, request.sessionUser!.id))
        .orderBy(desc(exportJobs.createdAt), desc(exportJobs.id))
        .limit(LIST_LIMIT);
      const language = languageOf(request);
      return { items: rows.map((job) => present(app, request, job, language)) };
    },
  );

  r.get(
    "/api/exports/:id",
    {
      config: { permission: null },
      schema: {
        tags,
        summary: "One of the member's exports: status, progress, and the signed download link once ready",
        description: "Another member's export answers 404.",
        params: idParams,
        response: { 200: exportJob, ...errors },
      },
    },
    async (request) => {
      const [job] = await app.db
        .select()
        .from(exportJobs)
        .where(and(eq(exportJobs.id, request.params.id), eq(exportJobs.userId, request.sessionUser!.id)));
      if (!job) throw notFound();
      return present(app, request, job, languageOf(request));
    },
  );

  app.get(
    "/api/exports/:id/documents/:kind",
    {
      config: { permission: "public" },
      schema: {
        tags,
        summary: "An export's file (the signed link of GET /api/exports/{id})",
        description:
          "The link works for a few minutes, for the member who asked and while their session lasts; answered as an " +
          "attachment named after the list and the day.",
      },
    },
    async (
      request: FastifyRequest<{ Params: { id: string; kind: string }; Querystring: Record<string, string> }>,
      reply,
    ) => {
      const id = Number(request.params.id);
      if (!/^[1-9]\d{0,9}$/.test(request.params.id) || request.params.kind !== "file") return refuse(reply, 404);
      const query = request.query ?? {};
      if (!query.signature) return refuse(reply, 401);
      const grant = app.documents.verify("exports", id, "file", query);
      if (!grant) return refuse(reply, 403);
      const loaded = await app.sessions.user(grant.userId, grant.sessionId);
      if (!loaded?.user.isActive || !loaded.sessionAlive || loaded.user.mfaEnrollmentRequired)
        return refuse(reply, 403);
      const [job] = await app.db
        .select()
        .from(exportJobs)
        .where(and(eq(exportJobs.id, id), eq(exportJobs.userId, grant.userId), eq(exportJobs.status, "ready")));
      const file = job?.fileKey ? await app.exports.files.open(job.fileKey) : undefined;
      if (!job || !file) return refuse(reply, 404);
      const format = job.format as ExportFormat;
      const name = exportFileName(job.resource, format, job.createdAt.toISOString());
      reply
        .header("Content-Type", CONTENT_TYPES[format])
        .header("Content-Disposition", `attachment; filename="${name}"`)
        .header("Cache-Control", "private, no-store")
        .header("X-Content-Type-Options", "nosniff");
      if (file.length !== undefined) reply.header("Content-Length", file.length);
      return reply.send(file.body);
    },
  );
}
