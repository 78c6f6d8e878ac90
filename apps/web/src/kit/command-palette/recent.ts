import { useEffect } from "react";
import { useSession } from "@/lib/session.ts";

/**
 * The records a member opened last (detail pages and palette picks), newest first, kept in this browser per member:
 * what the command palette offers before anything is typed. Only what the member already saw is kept (a title
 * and a path), never more of the record.
 */
export interface RecentRecord {
  /** The resource's name (bookings, owners…): the icon and group label of the palette. */
  resource: string;
  id: number;
  title: string;
  path: string;
}

export const RECENT_LIMIT = 8;
const storageKey = (userId: number) => `palco.recent.${userId}`;

function isRecent(value: unknown): value is RecentRecord {
  const item = value as RecentRecord;
  return (
    typeof item === "object" &&
    item !== null &&
    typeof item.resource === "string" &&
    typeof item.id === "number" &&
    typeof item.title === "string" &&
    typeof item.path === "string" &&
    item.path.startsWith("/")
  );
}

export function readRecent(userId: number): RecentRecord[] {
  try {
    const stored: unknown = JSON.parse(localStorage.getItem(storageKey(userId)) ?? "[]");
    return Array.isArray(stored) ? stored.filter(isRecent).slice(0, RECENT_LIMIT) : [];
  } catch {
    // unreadable or unavailable storage (private mode): nothing remembered
    return [];
  }
}

/** Puts `record` first (once: an earlier visit of the same record moves up), keeping the last RECENT_LIMIT. */
export function rememberRecent(userId: number, record: RecentRecord): void {
  const others = readRecent(userId).filter((item) => !(item.resource === record.resource && item.id === record.id));
  try {
    localStorage.setItem(storageKey(userId), JSON.stringify([record, ...others].slice(0, RECENT_LIMIT)));
  } catch {
    // storage full or unavailable: the palette simply will not offer it
  }
}

/** Remembers a record's detail page once it is shown (`title` null while it loads). */
export function useRememberRecent(resource: string, id: number | undefined, title: string | null): void {
  const userId = useSession()?.user.id;
  useEffect(() => {
    if (userId === undefined || id === undefined || !title) return;
    rememberRecent(userId, { resource, id, title, path: `/${resource}/${id}` });
  }, [userId, resource, id, title]);
}
