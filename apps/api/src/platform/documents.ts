import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import type { PermissionCode } from "@palco/shared";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { deleteLocalFile, S3FileStore } from "./file-store.ts";
import { isAllowed } from "./guard.ts";
import type { ImageStore } from "./images.ts";

/**
 * Personal documents (ID pictures, proofs of residence, property titles): never on a public URL.
 *
 * - Stored apart from /uploads: in DATA_DIR/private on disk, under the `private/` prefix of the bucket with S3
 *   (a key /uploads never serves: it only serves "<folder>/<name>.webp").
 * - Served by the API only, at GET /api/<resource>/:id/documents/:kind, through a URL the detail answer hands
 *   out to a staff member allowed to see the record. The URL is signed (HMAC with the server's secret) for that
 *   member's session and expires after DOCUMENT_URL_TTL_SECONDS: an <img> can show it (it cannot send a bearer
 *   token) and a new tab can open it, while a URL copied elsewhere stops working when it expires or the session
 *   ends, and a member who loses the permission is refused at once (checked on every fetch).
 * - Answered with `Cache-Control: private, no-store`, inline, as the server-made WebP (never sniffed).
 */

/** How long a document link handed to a staff member works. */
export const DOCUMENT_URL_TTL_SECONDS = 10 * 60;

const KEY_PATTERN = /^([a-z0-9-]+)\/([0-9a-f]{32})\.webp$/;
const DOCUMENT_PATH = /^\/api\/([a-z-]+)\/(\d+)\/documents\/([a-z-]+)$/;

/** What a document is re-encoded to: large enough to read the small print of an ID, nothing of the original kept. */
const DOCUMENT_IMAGE = { maxWidth: 2400, maxHeight: 2400, fit: "inside", formats: ["jpeg", "png", "webp"] } as const;

export interface DocumentGrant {
  resource: string;
  recordId: number;
  kind: string;
  userId: number;
  sessionId: string;
  /** Unix seconds. */
  expires: number;
}

export class DocumentStore {
  private readonly signingKey: Buffer;

  constructor(
    private readonly root: string,
    secret: string,
    private readonly images: ImageStore,
  ) {
    // A key of its own, derived from the server secret, so a document signature can never pass for a token.
    this.signingKey = createHmac("sha256", secret).update("palco-documents").digest();
  }

  private get bucket(): S3FileStore | undefined {
    return this.images.files instanceof S3FileStore ? this.images.files : undefined;
  }

  /** Checks and re-encodes an upload (platform/images.ts), stores it privately; answers its key. */
  async store(input: Buffer, folder: string): Promise<string> {
    const prepared = await this.images.prepare(input, DOCUMENT_IMAGE);
    return this.storePrepared(prepared.data, folder);
  }

  /** Stores WebP bytes the server made itself (demo specimens); answers the key. */
  async storePrepared(webp: Buffer, folder: string): Promise<string> {
    const key = `${folder}/${randomBytes(16).toString("hex")}.webp`;
    if (!KEY_PATTERN.test(key)) throw new Error(`Invalid document folder ${folder}`);
    const bucket = this.bucket;
    if (bucket) {
      await bucket.put(`private/${key}`, webp, "image/webp", "private, no-store");
      return key;
    }
    const file = path.join(this.root, key);
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, webp, { flag: "wx" });
    return key;
  }

  /** The bytes of a stored document, or undefined when there is none under that key. */
  async read(key: string): Promise<Buffer | undefined> {
    if (!KEY_PATTERN.test(key)) return undefined;
    const bucket = this.bucket;
    if (bucket) {
      const object = await bucket.get(`private/${key}`);
      if (!object) return undefined;
      const chunks: Buffer[] = [];
      for await (const chunk of object.body) chunks.push(Buffer.from(chunk as Uint8Array));
      return Buffer.concat(chunks);
    }
    try {
      return await readFile(path.join(this.root, key));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
      throw error;
    }
  }

  async remove(key: string | null | undefined): Promise<void> {
    if (!key || !KEY_PATTERN.test(key)) return;
    const bucket = this.bucket;
    if (bucket) return bucket.delete(`private/${key}`);
    await deleteLocalFile(path.join(this.root, key)).catch(() => {});
  }

  private signature(grant: DocumentGrant): Buffer {
    const { resource, recordId, kind, userId, sessionId, expires } = grant;
    return createHmac("sha256", this.signingKey)
      .update([resource, recordId, kind, userId, sessionId, expires].join("\n"))
      .digest();
  }

  /** The unsigned address of one document of a record: what records hold, and what `sign` completes. */
  static path(resource: string, recordId: number, kind: string, key: string | null): string | null {
    return key ? `/api/${resource}/${recordId}/documents/${kind}` : null;
  }

  /**
   * The document link (`path` above) signed for the member of this request, valid for DOCUMENT_URL_TTL_SECONDS;
   * null without a link or a signed-in member.
   */
  sign(request: FastifyRequest, link: string | null): string | null {
    const match = link ? DOCUMENT_PATH.exec(link) : null;
    const user = request.sessionUser;
    const sessionId = request.sessionId;
    if (!match || !user || !sessionId) return null;
    const [, resource, recordId, kind] = match as unknown as [string, string, string, string];
    // Rounded up to the minute: one record answered twice within a minute keeps the same links (cached pictures).
    const expires = Math.ceil(Date.now() / 60_000) * 60 + DOCUMENT_URL_TTL_SECONDS;
    const grant = { resource, recordId: Number(recordId), kind, userId: user.id, sessionId, expires };
    const query = new URLSearchParams({
      user: String(user.id),
      session: sessionId,
      expires: String(expires),
      signature: this.signature(grant).toString("base64url"),
    });
    return `${link}?${query}`;
  }

  /** The grant a link carries, when its signature is the server's and it has not expired. */
  verify(
    resource: string,
    recordId: number,
    kind: string,
    query: Record<string, string | undefined>,
  ): DocumentGrant | undefined {
    const userId = Number(query.user);
    const expires = Number(query.expires);
    const sessionId = query.session ?? "";
    if (!Number.isSafeInteger(userId) || !Number.isSafeInteger(expires) || !sessionId || !query.signature) {
      return undefined;
    }
    if (expires * 1000 < Date.now()) return undefined;
    const grant = { resource, recordId, kind, userId, sessionId, expires };
    const expected = this.signature(grant);
    const given = Buffer.from(query.signature, "base64url");
    return given.length === expected.length && timingSafeEqual(given, expected) ? grant : undefined;
  }
}

export interface DocumentRoute {
  /** Path segment under /api ("owners"). */
  resource: string;
  tag: string;
  /** Who may see the record's documents (the record's SHOW permission). */
  permission: PermissionCode;
  /** The documents a record has, by kind (`id-front`); null when it has none of that kind. Undefined: no record. */
  keys(db: FastifyInstance["db"], id: number): Promise<Record<string, string | null> | undefined>;
}

const PRIVATE = "private, no-store";

function refuse(reply: FastifyReply, statusCode: 401 | 403 | 404) {
  const message = statusCode === 401 ? "Unauthorized" : statusCode === 403 ? "Forbidden" : "Not Found";
  return reply.code(statusCode).header("Cache-Control", PRIVATE).send({ statusCode, error: message, message });
}

/**
 * GET /api/<resource>/:id/documents/:kind?user&session&expires&signature. The route is "public" for the guard (an
 * <img> sends no bearer token); the signature stands in for the token, and the member it names must still be
 * active, signed in with that session and allowed to see the record.
 */
export function registerDocumentRoute(app: FastifyInstance, route: DocumentRoute) {
  app.get(
    `/api/${route.resource}/:id/documents/:kind`,
    {
      config: { permission: "public" },
      schema: {
        tags: [route.tag],
        summary: `A private document of one of the ${route.resource} (a signed link from the detail answer)`,
        description:
          `Links expire after ${DOCUMENT_URL_TTL_SECONDS / 60} minutes and work only while the member's session ` +
          `lasts and they hold ${route.permission}. Answers the WebP image inline with Cache-Control: ${PRIVATE}.`,
      },
    },
    async (
      request: FastifyRequest<{ Params: { id: string; kind: string }; Querystring: Record<string, string> }>,
      reply,
    ) => {
      const id = Number(request.params.id);
      const { kind } = request.params;
      if (!/^[1-9]\d{0,9}$/.test(request.params.id) || !/^[a-z-]{1,40}$/.test(kind)) return refuse(reply, 404);
      const query = request.query ?? {};
      if (!query.signature) return refuse(reply, 401);
      const grant = app.documents.verify(route.resource, id, kind, query);
      if (!grant) return refuse(reply, 403);
      const loaded = await app.sessions.user(grant.userId, grant.sessionId);
      // A session that may only enrol a second factor reads no documents, even through a link signed earlier.
      if (!loaded?.user.isActive || !loaded.sessionAlive || loaded.user.mfaEnrollmentRequired)
        return refuse(reply, 403);
      if (!isAllowed(loaded.user, route.permission)) return refuse(reply, 403);
      const keys = await route.keys(app.db, id);
      const key = keys?.[kind];
      const data = key ? await app.documents.read(key) : undefined;
      if (!data) return refuse(reply, 404);
      return reply
        .header("Content-Type", "image/webp")
        .header("Content-Disposition", "inline")
        .header("Cache-Control", PRIVATE)
        .header("X-Content-Type-Options", "nosniff")
        .header("Content-Security-Policy", "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'")
        .send(data);
    },
  );
}
