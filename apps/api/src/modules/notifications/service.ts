import {
  NOTIFICATION_PERMISSION_OF,
  NOTIFICATION_TYPE_OF,
  type NotificationKind,
  type NotificationType,
  type PermissionCode,
} from "@palco/shared";
import { sql } from "drizzle-orm";
import type { Db } from "../../platform/db.ts";
import type { Realtime } from "../../platform/realtime.ts";
import { notificationRecipients, notifications } from "../../platform/schema.ts";

export interface NotificationEvent {
  /** About a record staff are told of; an export's own notices are stored by modules/exports for its member. */
  kind: Exclude<NotificationKind, "export-ready" | "export-failed">;
  /** The id of the record it is about (owner, box or booking). */
  recordId: number;
  /** The member it is about (who sent, booked or wrote). */
  member: { id: number; name: string } | null;
  /** What the title and body name ({{name}}, {{key}}, {{box}}, {{venue}}, {{excerpt}}). */
  payload: Record<string, string>;
  /** A staff member who caused it (a cancellation) is not told of their own action. */
  exceptUserId?: number;
  at?: Date;
}

/** A stored notification and who it is for: what `deliver` pushes once the transaction commits. */
export interface StoredNotification {
  id: number;
  kind: NotificationKind;
  recipients: number[];
}

/**
 * Active staff who hold every one of `codes` (super-admins hold everything), as a subquery of user ids: who is told
 * of something, and who receives a live event about a record.
 */
export function staffHolding(codes: PermissionCode[]) {
  const held = codes.map(
    (code) => sql`exists (select 1 from user_roles ur join role_permissions rp on rp.role_id = ur.role_id
      where ur.user_id = u.id and rp.permission_code = ${code})`,
  );
  return sql`select u.id from users u where u.is_active and (u.is_super_admin or (${sql.join(held, sql` and `)}))`;
}

/**
 * Stores a notification for every staff member allowed to see it (NOTIFICATIONS_INDEX and the permission to open
 * its record), in the caller's transaction. Fan-out on write: each reader has their own row and read time, and
 * counting one person's unread is an index range.
 */
export async function storeNotification(tx: Db, event: NotificationEvent): Promise<StoredNotification> {
  const type = NOTIFICATION_TYPE_OF[event.kind] as Exclude<NotificationType, "export">;
  const [row] = await tx
    .insert(notifications)
    .values({
      kind: event.kind,
      notificationType: type,
      notificationTypeId: event.recordId,
      memberId: event.member?.id ?? null,
      memberName: event.member?.name ?? null,
      payload: event.payload,
      createdAt: event.at ?? new Date(),
    })
    .returning({ id: notifications.id });
  const id = row!.id;
  const except = event.exceptUserId ?? 0;
  const recipients = await tx.execute<{ user_id: number }>(sql`
    insert into ${notificationRecipients} (notification_id, user_id)
    select ${id}, r.id from (${staffHolding(["NOTIFICATIONS_INDEX", NOTIFICATION_PERMISSION_OF[type]])}) r
    where r.id <> ${except}
    returning user_id`);
  return {
    id,
    kind: event.kind,
    recipients: rowsOf<{ user_id: number }>(recipients).map((recipient) => recipient.user_id),
  };
}

/** node-postgres answers { rows }, PGlite answers { rows } too; drizzle's execute keeps the driver's shape. */
export function rowsOf<T>(result: unknown): T[] {
  return ((result as { rows?: T[] }).rows ?? (result as T[])) as T[];
}

/** Pushes `notificationStored` to each recipient's open sockets (on every API instance, through Redis). */
export function deliver(realtime: Realtime | undefined, stored: StoredNotification[]) {
  if (!realtime) return;
  for (const notification of stored) {
    for (const userId of notification.recipients) {
      realtime.emitToUser(userId, "notificationStored", { id: notification.id, kind: notification.kind });
    }
  }
}
