import { mkdirSync } from "node:fs";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { type FileStore, S3FileStore } from "./file-store.ts";

/** Stored files (images written by later modules with server-made names) are public at /uploads/*. */
export function uploadsDir(dataDir: string): string {
  return path.join(dataDir, "uploads");
}

const IMMUTABLE = "public, max-age=31536000, immutable";
const STORED_NAME = /^[a-z0-9_-]+\/[0-9a-f]{32,}\.webp$/i;

/**
 * Uploads in an S3-compatible bucket are served at the same /uploads/* addresses, streamed from the bucket, so the
 * screens and the stored URLs do not depend on where the bytes are.
 */
function registerBucketUploads(app: FastifyInstance, store: S3FileStore) {
  app.get(
    "/uploads/*",
    { config: { permission: "public" }, schema: { hide: true } },
    async (request: FastifyRequest<{ Params: { "*": string } }>, reply) => {
      const key = request.params["*"];
      const object = STORED_NAME.test(key) ? await store.get(key) : undefined;
      if (!object) return reply.code(404).send({ statusCode: 404, error: "Not Found", message: "Not Found" });
      reply
        .header("Content-Type", "image/webp")
        .header("Cache-Control", IMMUTABLE)
        .header("X-Content-Type-Options", "nosniff");
      if (object.contentLength !== undefined) reply.header("Content-Length", object.contentLength);
      return reply.send(object.body);
    },
  );
}

export async function registerUploads(app: FastifyInstance, dataDir: string, files?: FileStore) {
  if (files instanceof S3FileStore) {
    registerBucketUploads(app, files);
    return;
  }
  const root = uploadsDir(dataDir);
  mkdirSync(root, { recursive: true });
  await app.register(fastifyStatic, {
    root,
    prefix: "/uploads/",
    // The SPA's static instance owns reply.sendFile.
    decorateReply: false,
    index: false,
    list: false,
    dotfiles: "deny",
    // A stored file never changes (a new upload gets a new random name): cache it for a year; the type is the
    // server's (always WebP), never sniffed.
    setHeaders: (reply) => {
      reply.header("Cache-Control", IMMUTABLE);
      reply.header("X-Content-Type-Options", "nosniff");
    },
  });
}
