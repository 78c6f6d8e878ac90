/**
 * The version (ETag) of each record the API answered, kept beside the parsed object rather than in it, so the
 * record keeps exactly the spec's shape. Detail queries are not structurally shared (resource-queries.ts): the
 * object on screen is the one that was parsed, and its version is the one the user saw.
 */
const versions = new WeakMap<object, string>();

export function rememberVersion<T>(record: T, etag: string | null): T {
  if (etag && record && typeof record === "object") versions.set(record, etag);
  return record;
}

export function versionOf(record: unknown): string | undefined {
  return record && typeof record === "object" ? versions.get(record) : undefined;
}

/** The If-Match header for a write based on `version` (none when unknown: the write is then unconditional). */
export function ifMatch(version: string | undefined): Record<string, string> | undefined {
  return version ? { "If-Match": version } : undefined;
}
