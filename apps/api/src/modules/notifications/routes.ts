import {
  DEFAULT_AUDIT_TIME_ZONE,
  errorBody,
  idParams,
  interpolate,
  type Language,
  type Notification,
  type NotificationKind,
  notification,
  notificationCount,
  notificationListQuery,
  notificationsPage,
  PAGE_SIZE,
  SELECT_ALL_CAP,
  translate,
} from "@palco/shared";
import { and, count, desc, eq, isNull, type SQL, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { registerBulkRoutes } from "../../platform/bulk.ts";
import type { Db } from "../../platform/db.ts";
import { languageOf, notFound } from "../../platform/errors.ts";
import { escapeLike } from "../../platform/list-query.ts";
import { notificationRecipients, notifications } from "../../platform/schema.ts";

const tags = ["Notifications"];
const errors = { "4xx": errorBody };

const fields = {
  id: notifications.id,
  kind: notifications.kind,
  notificationType: notifications.notificationType,
  notificationTypeId: notifications.notificationTypeId,
  memberId: notifications.memberId,
  memberName: notifications.memberName,
  payload: notifications.payload,
  createdAt: notifications.createdAt,
  readAt: notificationRecipients.readAt,
};
type Row = {
  id: number;
  kind: string;
  notificationType: string;
  notificationTypeId: number;
  memberId: number | null;
  memberName: string | null;
  payload: unknown;
  createdAt: Date;
  readAt: Date | null;
};

/** The notification in the reader's language: its title and body are made from its kind and payload. */
function toNotification(row: Row, language: Language): Notification {
  const kind = row.kind as NotificationKind;
  const payload = (row.payload ?? {}) as Record<string, unknown>;
  return {
    id: row.id,
    kind,
    title: translate(language, `NOTIFICATIONS.KINDS.${kind}.TITLE`),
    body: interpolate(translate(language, `NOTIFICATIONS.KINDS.${kind}.BODY`), payload),
    readAt: row.readAt ? row.readAt.toISOString() : null,
    payload,
    user: row.memberId === null ? null : { id: row.memberId },
    userFullName: row.memberName,
    createdAt: row.createdAt.toISOString(),
    notificationType: row.notificationType as Notification["notificationType"],
    notificationTypeId: row.notificationTypeId,
  };
}

/** One reader's notifications (their recipient rows), newest first. */
const mine = (db: Db, userId: number, where?: SQL) =>
  db
    .select(fields)
    .from(notificationRecipients)
    .innerJoin(notifications, eq(notifications.id, notificationRecipients.notificationId))
    .where(and(eq(notificationRecipients.userId, userId), where));

export async function unreadCount(db: Db, userId: number): Promise<number> {
  const [row] = await db
    .select({ count: count() })
    .from(notificationRecipients)
    .where(and(eq(notificationRecipients.userId, userId), isNull(notificationRecipients.readAt)));
  return Number(row?.count ?? 0);
}

/** The list's search, day and unread filters (the list and the bulk actions' "select all" share them). */
function listConditions(query: {
  search?: string | undefined;
  date?: string | undefined;
  tz?: string | undefined;
  unread?: string | undefined;
}) {
  const { search, date, tz, unread } = query;
  const zone = tz ?? DEFAULT_AUDIT_TIME_ZONE;
  const term = search?.trim();
  return and(
    term
      ? sql`(coalesce(${notifications.memberName}, '') || ' ' || ${notifications.payload}::text) ilike ${`%${escapeLike(term)}%`}`
      : undefined,
    date
      ? sql`${notifications.createdAt} >= (${date}::date)::timestamp at time zone ${zone}
        and ${notifications.createdAt} < (${date}::date + 1)::timestamp at time zone ${zone}`
      : undefined,
    unread === "true" ? isNull(notificationRecipients.readAt) : undefined,
  );
}

export async function notificationRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  // The spec's client asks for "/notifications/?page=n": both spellings answer.
  for (const url of ["/api/notifications", "/api/notifications/"])
    r.get(
      url,
      {
        config: { permission: "NOTIFICATIONS_INDEX" },
        schema: {
          tags,
          summary: "Your notifications, newest first (paged, 12 per page)",
          description:
            "search matches the member's name and the record's key or name; date is a calendar day (YYYY-MM-DD) in tz " +
            "(the reader's zone); unread=true keeps the unread ones. Read state is per staff member.",
          querystring: notificationListQuery,
          response: { 200: notificationsPage, ...errors },
        },
      },
      async (request) => {
        const { page } = request.query;
        const userId = request.sessionUser!.id;
        const conditions = listConditions(request.query);
        const [rows, [counted]] = await Promise.all([
          mine(app.db, userId, conditions)
            .orderBy(desc(notificationRecipients.notificationId))
            .limit(PAGE_SIZE)
            .offset((page - 1) * PAGE_SIZE),
          app.db
            .select({ total: count() })
            .from(notificationRecipients)
            .innerJoin(notifications, eq(notifications.id, notificationRecipients.notificationId))
            .where(and(eq(notificationRecipients.userId, userId), conditions)),
        ]);
        const total = Number(counted?.total ?? 0);
        const pageCount = Math.ceil(total / PAGE_SIZE);
        const language = languageOf(request);
        return {
          items: rows.map((row) => toNotification(row as Row, language)),
          page,
          pageSize: PAGE_SIZE,
          pageCount,
          total,
          totalKind: "exact" as const,
          next: page < pageCount ? String(page + 1) : null,
          previous: page > 1 ? String(page - 1) : null,
          meta: { lastPage: Math.max(pageCount, 1) },
        };
      },
    );

  r.get(
    "/api/notifications/count",
    {
      config: { permission: "NOTIFICATIONS_INDEX" },
      schema: {
        tags,
        summary: "How many of your notifications are unread",
        response: { 200: notificationCount, ...errors },
      },
    },
    async (request) => ({ count: await unreadCount(app.db, request.sessionUser!.id) }),
  );

  r.get(
    "/api/notifications/:id",
    {
      config: { permission: "NOTIFICATIONS_INDEX" },
      schema: {
        tags,
        summary: "One of your notifications",
        params: idParams,
        response: { 200: notification, ...errors },
      },
    },
    async (request) => {
      const [row] = await mine(app.db, request.sessionUser!.id, eq(notifications.id, request.params.id)).limit(1);
      if (!row) throw notFound();
      return toNotification(row as Row, languageOf(request));
    },
  );

  r.put(
    "/api/notifications/:id/read",
    {
      config: { permission: "NOTIFICATIONS_INDEX" },
      schema: {
        tags,
        summary: "Mark one of your notifications read (again: keeps the first read time)",
        params: idParams,
        response: { 200: notification, ...errors },
      },
    },
    async (request) => {
      const userId = request.sessionUser!.id;
      const { id } = request.params;
      await app.db
        .update(notificationRecipients)
        .set({ readAt: sql`coalesce(${notificationRecipients.readAt}, now())` })
        .where(and(eq(notificationRecipients.userId, userId), eq(notificationRecipients.notificationId, id)));
      const [row] = await mine(app.db, userId, eq(notifications.id, id)).limit(1);
      if (!row) throw notFound();
      // Every tab of this reader updates its badge.
      app.realtime?.emitToUser(userId, "notificationRead", { id });
      return toNotification(row as Row, languageOf(request));
    },
  );

  // Each id runs PUT /api/notifications/:id/read: only the member's own notifications (others answer 404).
  registerBulkRoutes(app, {
    base: "/api/notifications",
    tags,
    plural: "notifications",
    actions: { read: "NOTIFICATIONS_INDEX" },
    ids: {
      permission: "NOTIFICATIONS_INDEX",
      querystring: notificationListQuery,
      async find(request) {
        const query = request.query as Parameters<typeof listConditions>[0];
        // The list's order (newest first) on the reader's recipient rows, stopping one past the cap.
        const rows = await app.db
          .select({ id: notificationRecipients.notificationId })
          .from(notificationRecipients)
          .innerJoin(notifications, eq(notifications.id, notificationRecipients.notificationId))
          .where(and(eq(notificationRecipients.userId, request.sessionUser!.id), listConditions(query)))
          .orderBy(desc(notificationRecipients.notificationId))
          .limit(SELECT_ALL_CAP + 1);
        const ids = rows.slice(0, SELECT_ALL_CAP).map((row) => row.id);
        return { ids, total: ids.length, capped: rows.length > SELECT_ALL_CAP };
      },
    },
  });
}
