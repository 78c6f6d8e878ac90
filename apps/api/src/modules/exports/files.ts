import { randomBytes } from "node:crypto";
import { createReadStream } from "node:fs";
import { mkdir, stat, unlink } from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";
import { deleteLocalFile, type FileStore, S3FileStore } from "../../platform/file-store.ts";

const KEY_PATTERN = /^exports\/[0-9a-f]{32}\.(csv|xlsx)$/;
export const CONTENT_TYPES = {
  csv: "text/csv; charset=utf-8",
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
} as const;
const PRIVATE = "private, no-store";

/**
 * Where export files live: beside the private documents (DATA_DIR/private/exports/…, never under /uploads), or
 * under the bucket's `private/` prefix with S3_URL, so every instance can serve a file another one wrote. A file is
 * written on local disk first (streaming), then, with a bucket, uploaded as a stream and its local copy deleted.
 */
export class ExportFiles {
  constructor(
    /** DATA_DIR/private */
    private readonly root: string,
    private readonly store: FileStore,
  ) {}

  private get bucket(): S3FileStore | undefined {
    return this.store instanceof S3FileStore ? this.store : undefined;
  }

  /** A new, never reused key: "exports/<random>.csv". */
  newKey(format: "csv" | "xlsx"): string {
    return `exports/${randomBytes(16).toString("hex")}.${format}`;
  }

  /** The local file the writer fills (the final file without a bucket). */
  async workPath(key: string): Promise<string> {
    const file = path.join(this.root, this.bucket ? "exports-work" : "", key);
    await mkdir(path.dirname(file), { recursive: true });
    return file;
  }

  /** Makes the written file downloadable (uploads it to the bucket, if any). */
  async publish(key: string, file: string, format: "csv" | "xlsx"): Promise<void> {
    const bucket = this.bucket;
    if (!bucket) return;
    const { size } = await stat(file);
    await bucket.putFile(`private/${key}`, createReadStream(file), size, CONTENT_TYPES[format], PRIVATE);
    await unlink(file).catch(() => {});
  }

  async open(key: string): Promise<{ body: Readable; length: number | undefined } | undefined> {
    if (!KEY_PATTERN.test(key)) return undefined;
    const bucket = this.bucket;
    if (bucket) {
      const object = await bucket.get(`private/${key}`);
      return object && { body: object.body, length: object.contentLength };
    }
    const file = path.join(this.root, key);
    try {
      const { size } = await stat(file);
      return { body: createReadStream(file), length: size };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
      throw error;
    }
  }

  /** Deletes a file (and a half-written local copy); a missing one is not an error. */
  async remove(key: string | null | undefined): Promise<void> {
    if (!key || !KEY_PATTERN.test(key)) return;
    if (this.bucket) {
      await unlink(path.join(this.root, "exports-work", key)).catch(() => {});
      await this.bucket.delete(`private/${key}`);
      return;
    }
    await deleteLocalFile(path.join(this.root, key)).catch(() => {});
  }
}
