import { index, integer, jsonb, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
// platform/schema.ts re-exports this file; the cycle is harmless because `references` reads `users` lazily.
import { users } from "../../platform/schema.ts";

// Kept free of @palco/shared imports: drizzle-kit loads this file on its own to generate migrations.

const instant = (name: string) => timestamp(name, { withTimezone: true });

/**
 * An export of one list to a file: a job stored in the database, so any API instance can claim it (`claimed_by`,
 * `heartbeat_at`) and one that stops mid-way (a restart) is taken up again once its heartbeat is stale.
 * status: queued → running → ready | failed; `expires_at` is when the file (and the row) are deleted.
 */
export const exportJobs = pgTable(
  "export_jobs",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    resource: text("resource").notNull(),
    format: text("format").notNull(),
    /** The list's filters and search as the list sends them. */
    query: jsonb("query").$type<Record<string, string>>().notNull(),
    /** The member's language when they asked: headers and enum values are written in it. */
    language: text("language").notNull(),
    status: text("status").notNull().default("queued"),
    rows: integer("rows").notNull().default(0),
    total: integer("total"),
    /** Where the finished file is stored (file store key under private/exports/). */
    fileKey: text("file_key"),
    error: text("error"),
    claimedBy: text("claimed_by"),
    heartbeatAt: instant("heartbeat_at"),
    attempts: integer("attempts").notNull().default(0),
    createdAt: instant("created_at").notNull().defaultNow(),
    startedAt: instant("started_at"),
    finishedAt: instant("finished_at"),
    expiresAt: instant("expires_at"),
  },
  (t) => [
    index("export_jobs_user_idx").on(t.userId, t.createdAt),
    index("export_jobs_status_idx").on(t.status, t.createdAt),
  ],
);
