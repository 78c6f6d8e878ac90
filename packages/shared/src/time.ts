/**
 * Wall-clock times in a named time zone, with the runtime's Intl only (no time-zone database to ship): events are
 * sent as the local time of their venue's city ("YYYY-MM-DD HH:mm:ss", spec 02 §7) and stored as instants.
 */

export const WALL_TIME_PATTERN = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/;
export const CALENDAR_DAY_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(timeZone: string): Intl.DateTimeFormat {
  let format = formatters.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    });
    formatters.set(timeZone, format);
  }
  return format;
}

/** The wall-clock fields of `instant` in `timeZone`. */
function wallFields(instant: Date, timeZone: string) {
  const parts = Object.fromEntries(
    formatter(timeZone)
      .formatToParts(instant)
      .map((part) => [part.type, part.value]),
  );
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour),
    minute: Number(parts.minute),
    second: Number(parts.second),
  };
}

/** How far `timeZone` is ahead of UTC at `instant`, in milliseconds. */
function offsetAt(instant: Date, timeZone: string): number {
  const f = wallFields(instant, timeZone);
  return Date.UTC(f.year, f.month - 1, f.day, f.hour, f.minute, f.second) - Math.floor(instant.getTime() / 1000) * 1000;
}

/** True when `text` is "YYYY-MM-DD HH:mm:ss" naming a real date and time (no 31 February, no 24:00). */
export function isWallTime(text: string): boolean {
  const match = WALL_TIME_PATTERN.exec(text);
  if (!match) return false;
  const [year, month, day, hour, minute, second] = match.slice(1).map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const date = new Date(Date.UTC(year, month - 1, day, hour, minute, second));
  return (
    date.getUTCFullYear() === year &&
    date.getUTCMonth() === month - 1 &&
    date.getUTCDate() === day &&
    hour < 24 &&
    minute < 60 &&
    second < 60
  );
}

/**
 * The instant a wall-clock time ("YYYY-MM-DD HH:mm:ss") names in `timeZone`. In the hour a clock skips (spring
 * forward) the time is read with the offset from before the change, so it lands just after the gap; in the hour
 * it repeats (fall back), the first one is meant.
 */
export function wallTimeToInstant(text: string, timeZone: string): Date {
  const match = WALL_TIME_PATTERN.exec(text);
  if (!match || !isWallTime(text)) throw new RangeError(`Not a wall time: ${text}`);
  const [year, month, day, hour, minute, second] = match.slice(1).map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const asUtc = Date.UTC(year, month - 1, day, hour, minute, second);
  // Two rounds settle the offset on either side of a change.
  const before = offsetAt(new Date(asUtc - 86_400_000), timeZone);
  const first = asUtc - before;
  const offset = offsetAt(new Date(first), timeZone);
  const candidate = asUtc - offset;
  return new Date(offsetAt(new Date(candidate), timeZone) === offset ? Math.min(first, candidate) : first);
}

/**
 * The instants the API can store and read back: years 1 to 9999 in UTC. PostgreSQL itself reaches further, but the
 * drivers exchange instants as ISO text, and past 9999 that text ("+010000-01-01T…") is refused ("time zone
 * displacement out of range"). A wall time late on 31 December 9999 west of UTC is already past it.
 */
export const EARLIEST_INSTANT = Date.parse("0001-01-01T00:00:00.000Z");
export const LATEST_INSTANT = Date.parse("9999-12-31T23:59:59.999Z");

/** True when `instant` lies within EARLIEST_INSTANT … LATEST_INSTANT. */
export function isStorableInstant(instant: Date): boolean {
  const time = instant.getTime();
  return time >= EARLIEST_INSTANT && time <= LATEST_INSTANT;
}

const pad = (value: number, length = 2) => String(value).padStart(length, "0");

/** `instant` as "YYYY-MM-DD HH:mm:ss" on the wall clocks of `timeZone`. */
export function instantToWallTime(instant: Date, timeZone: string): string {
  const f = wallFields(instant, timeZone);
  return `${pad(f.year, 4)}-${pad(f.month)}-${pad(f.day)} ${pad(f.hour)}:${pad(f.minute)}:${pad(f.second)}`;
}
