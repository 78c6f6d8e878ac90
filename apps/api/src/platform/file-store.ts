import { mkdir, unlink, writeFile } from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import {
  DeleteObjectCommand,
  GetObjectCommand,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
  type S3ClientConfig,
} from "@aws-sdk/client-s3";

/**
 * Where uploaded files live, behind the few calls the app makes: a folder under DATA_DIR by default, an
 * S3-compatible bucket when S3_URL is set (several API instances then share the uploads). Keys are
 * "<folder>/<random name>"; both stores serve them at /uploads/<key> (platform/storage.ts).
 */
export interface FileStore {
  readonly kind: "local" | "s3";
  /** Writes a new file; a key is never reused (names are random). */
  put(key: string, data: Buffer, contentType: string): Promise<void>;
  /** Deletes a file; a missing one is not an error. */
  delete(key: string): Promise<void>;
}

/**
 * While a backup copies the files of DATA_DIR (platform/backup.ts), deletions wait: the database was copied first,
 * and a file deleted before the copy reaches it would be missing for a row of that copy. One gate per process (one
 * server per process; tests only wait a moment longer).
 */
let backupsRunning = 0;
let heldDeletions: (() => Promise<void>)[] = [];

export async function holdDeletions<T>(work: () => Promise<T>): Promise<T> {
  backupsRunning += 1;
  try {
    return await work();
  } finally {
    backupsRunning -= 1;
    if (backupsRunning === 0) {
      const held = heldDeletions;
      heldDeletions = [];
      await Promise.allSettled(held.map((remove) => remove()));
    }
  }
}

/** Deletes now, or once the running backups have copied the files. */
export function deleteLocalFile(file: string): Promise<void> {
  const remove = () =>
    unlink(file).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== "ENOENT") throw error;
    });
  if (backupsRunning === 0) return remove();
  heldDeletions.push(remove);
  return Promise.resolve();
}

export class LocalFileStore implements FileStore {
  readonly kind = "local";
  constructor(readonly root: string) {}

  async put(key: string, data: Buffer): Promise<void> {
    const file = path.join(this.root, key);
    await mkdir(path.dirname(file), { recursive: true });
    try {
      // "wx": never overwrite, even in the astronomically unlikely case of a repeated name.
      await writeFile(file, data, { flag: "wx" });
    } catch (error) {
      // A disk that filled up mid-write leaves a partial file behind.
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") await unlink(file).catch(() => {});
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    await deleteLocalFile(path.join(this.root, key));
  }
}

const IMMUTABLE = "public, max-age=31536000, immutable";

/** The one method of the AWS SDK's S3Client the store calls: the seam the tests replace. */
export interface StoredObject {
  body: Readable;
  contentType: string | undefined;
  contentLength: number | undefined;
}

export class S3FileStore implements FileStore {
  readonly kind = "s3";
  constructor(
    private readonly client: S3Client,
    readonly bucket: string,
  ) {}

  async put(key: string, data: Buffer, contentType: string, cacheControl = IMMUTABLE): Promise<void> {
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.bucket,
        Key: key,
        Body: data,
        ContentType: contentType,
        CacheControl: cacheControl,
      }),
    );
  }

  /** Uploads a file from disk without reading it whole (exports can be hundreds of megabytes). */
  async putFile(key: string, body: Readable, length: number, contentType: string, cacheControl: string) {
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.bucket,
        Key: key,
        Body: body,
        ContentLength: length,
        ContentType: contentType,
        CacheControl: cacheControl,
      }),
    );
  }

  async delete(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
  }

  /** The object, or undefined when the bucket has no such key. */
  async get(key: string): Promise<StoredObject | undefined> {
    try {
      const answer = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key }));
      if (!answer.Body) return undefined;
      const body =
        answer.Body instanceof Readable ? answer.Body : Readable.from(answer.Body as AsyncIterable<Uint8Array>);
      return { body, contentType: answer.ContentType, contentLength: answer.ContentLength };
    } catch (error) {
      if (error instanceof NoSuchKey || (error as { name?: string }).name === "NoSuchKey") return undefined;
      throw error;
    }
  }
}

/**
 * S3_URL: `https://ACCESS_KEY:SECRET@host[:port]/bucket[?region=…]`, addressed by path (what MinIO, Ceph, R2 and
 * AWS all accept). Without credentials in the URL the SDK's usual chain (environment, instance role) applies.
 */
export function parseS3Url(value: string): { bucket: string; client: S3ClientConfig } {
  const url = new URL(value);
  const bucket = decodeURIComponent(url.pathname.replace(/^\/+|\/+$/g, ""));
  const client: S3ClientConfig = {
    endpoint: `${url.protocol}//${url.host}`,
    region: url.searchParams.get("region") ?? "us-east-1",
    forcePathStyle: true,
    // Checksums only where S3 requires them: by default the SDK streams uploads as aws-chunked bodies with a CRC32
    // trailer, which S3-compatible servers that predate it (older MinIO, Ceph, s3rver) store framing and all.
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
  };
  if (url.username) {
    client.credentials = {
      accessKeyId: decodeURIComponent(url.username),
      secretAccessKey: decodeURIComponent(url.password),
    };
  }
  return { bucket, client };
}

export function s3FileStore(s3Url: string): S3FileStore {
  const { bucket, client } = parseS3Url(s3Url);
  return new S3FileStore(new S3Client(client), bucket);
}
