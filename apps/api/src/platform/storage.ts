import { mkdirSync } from "node:fs";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance } from "fastify";

/** Stored files (images written by later modules with server-made names) are public at /uploads/*. */
export function uploadsDir(dataDir: string): string {
  return path.join(dataDir, "uploads");
}

export async function registerUploads(app: FastifyInstance, dataDir: string) {
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
    setHeaders: (reply) => {
      reply.header("Cache-Control", "public, max-age=86400");
    },
  });
}
