import { z } from "zod";
import { timestamp } from "./common.ts";
import { EXPORT_RESOURCES, type ExportResource } from "./list-names.ts";

/**
 * Exports of a whole list (issue 22): the member asks for a file of the current filters and search, a job stored in
 * the database writes it on whichever API instance claims it, and the member downloads it through a short-lived
 * signed link once it is ready. Files and jobs are deleted EXPORT_KEEP_HOURS after they are ready.
 */

export const EXPORT_FORMATS = ["csv", "xlsx"] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

export const EXPORT_STATUSES = ["queued", "running", "ready", "failed"] as const;
export type ExportStatus = (typeof EXPORT_STATUSES)[number];

export { EXPORT_RESOURCES, type ExportResource };

/** How long a finished file (and its job) is kept. */
export const EXPORT_KEEP_HOURS = 24;

/** Query-string values as the list sends them (validated against that list's own query schema). */
const listQueryValues = z.record(z.string(), z.string().max(1_000));

export const exportCreateInput = z.object({
  resource: z.enum(EXPORT_RESOURCES, { error: "EXPORTS.VALIDATION.RESOURCE" }),
  format: z.enum(EXPORT_FORMATS, { error: "EXPORTS.VALIDATION.FORMAT" }),
  query: listQueryValues.default({}),
});
export type ExportCreateInput = z.input<typeof exportCreateInput>;

export const exportCreated = z.object({ id: z.number().int(), status: z.enum(EXPORT_STATUSES) });

export const exportJob = z.object({
  id: z.number().int(),
  resource: z.enum(EXPORT_RESOURCES),
  format: z.enum(EXPORT_FORMATS),
  status: z.enum(EXPORT_STATUSES),
  /** Rows written so far. */
  rows: z.number().int(),
  /** Rows the file will hold (null until counted). */
  total: z.number().int().nullable(),
  /** The list's query the file was made from. */
  query: z.record(z.string(), z.string()),
  /** The signed download link: only when ready, only for its owner, valid for a few minutes. */
  url: z.string().optional(),
  /** The file's name as downloaded ("bookings-2026-11-26.csv"). */
  fileName: z.string(),
  createdAt: timestamp,
  finishedAt: timestamp.nullable(),
  /** When the file and the job are deleted. */
  expiresAt: timestamp.nullable(),
  /** Why it failed, in the member's language. */
  error: z.string().optional(),
});
export type ExportJob = z.infer<typeof exportJob>;

export const exportList = z.object({ items: z.array(exportJob) });

/** The download name of an export: the resource and the day it was asked for. */
export const exportFileName = (resource: string, format: ExportFormat, createdAt: string) =>
  `${resource}-${createdAt.slice(0, 10)}.${format}`;
