import { mkdtemp, readdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { category, type Owner } from "@palco/shared";
import { count } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../src/app.ts";
import { backup, controlSocket, RestoreError, restore } from "../src/platform/backup.ts";
import { auditLog } from "../src/platform/schema.ts";
import { ADMIN_EMAIL, ADMIN_PASSWORD, backend, bearer, call, login, testConfig } from "./helpers.ts";
import { categoryForm } from "./images.ts";
import { insertOwner } from "./supply-fixtures.ts";

/**
 * A server on an embedded database kept on disk in `dataDir`, as `npm start` runs it: without JWT_SECRET, so the
 * secret is generated into DATA_DIR and has to travel with the backup.
 */
const start = (dataDir: string) =>
  buildApp({ config: testConfig(dataDir, { JWT_SECRET: "" }), logger: false, print: () => {} });

const folders: string[] = [];
const folder = async (name: string) => {
  const created = await mkdtemp(path.join(tmpdir(), `palco-${name}-`));
  folders.push(created);
  return created;
};
afterAll(async () => {
  for (const created of folders) await rm(created, { recursive: true, force: true });
});

// Backups are of the embedded database (with PostgreSQL, pg_dump does it): the PGlite pass runs this file.
describe.skipIf(backend === "postgres")("npm run backup and npm run restore (embedded database)", () => {
  let original: FastifyInstance;
  let dataDir: string;
  let archive: string;
  let icon: { id: number; iconUrl: string; bytes: Buffer };
  let ownerId: number;
  let document: Buffer;
  let auditBefore: { id: number; action: string }[];
  /** Signed in before the backup: its session is in the copy. */
  let admin: { authorization: string };

  beforeAll(async () => {
    dataDir = await folder("backup-source");
    original = await start(dataDir);
    admin = bearer((await login(original, ADMIN_EMAIL, ADMIN_PASSWORD)).token);
    const created = await call(original, {
      method: "POST",
      url: "/api/categories",
      headers: admin,
      payload: await categoryForm("Respaldada", 300),
    });
    expect(created.statusCode, created.body).toBe(201);
    const parsed = category.parse(created.json());
    const served = await call(original, { method: "GET", url: parsed.iconUrl! });
    icon = { id: parsed.id, iconUrl: parsed.iconUrl!, bytes: served.rawPayload };
    const sharp = (await import("sharp")).default;
    document = await sharp({ create: { width: 30, height: 20, channels: 3, background: "#2b8a3e" } })
      .webp()
      .toBuffer();
    const key = await original.documents.storePrepared(document, "owner-documents");
    ownerId = (await insertOwner(original.db, { owner: { idFrontKey: key, idBackKey: null } })).id;
    auditBefore = (await original.db.select().from(auditLog).orderBy(auditLog.id)).map(({ id, action }) => ({
      id,
      action,
    }));
    expect(auditBefore.map((entry) => entry.action)).toEqual(expect.arrayContaining(["create", "sign-in"]));
  }, 120_000);
  afterAll(async () => {
    await original?.close();
  });

  it("takes a backup from the running server, which keeps answering", async () => {
    archive = path.join(await folder("backup-out"), "palco.tar.gz");
    expect(await backup(dataDir, archive)).toBe("server");
    expect((await readdir(path.dirname(archive))).sort()).toEqual(["palco.tar.gz"]);
    expect((await call(original, { method: "GET", url: "/api/health" })).statusCode).toBe(200);
  });

  it("refuses to restore over a running server, or into a DATA_DIR that holds anything without --force", async () => {
    await expect(restore(dataDir, archive)).rejects.toThrow(RestoreError);
    await expect(restore(dataDir, archive, { force: true })).rejects.toThrow(/A server is running/);
    const occupied = await folder("backup-occupied");
    await writeFile(path.join(occupied, "notes.txt"), "mine");
    await expect(restore(occupied, archive)).rejects.toThrow(/is not empty.*--force/);
    expect(await readdir(occupied)).toEqual(["notes.txt"]);
    const notABackup = path.join(occupied, "notes.txt");
    await expect(restore(await folder("backup-empty"), notABackup)).rejects.toThrow();
  });

  it("restores into a fresh DATA_DIR: every row, file and audit entry, and the same sign-in secret", async () => {
    const target = await folder("backup-target");
    await restore(target, archive);
    const restored = await start(target);
    try {
      // A token the original server signed still verifies, and its session is there: the secret came along.
      const answer = await call(restored, { method: "GET", url: `/api/categories/${icon.id}`, headers: admin });
      expect(answer.statusCode, answer.body).toBe(200);
      expect(category.parse(answer.json())).toMatchObject({ name: "Respaldada", iconUrl: icon.iconUrl });
      const served = await call(restored, { method: "GET", url: icon.iconUrl });
      expect(served.statusCode).toBe(200);
      expect(Buffer.compare(served.rawPayload, icon.bytes)).toBe(0);

      const owner = await call(restored, { method: "GET", url: `/api/owners/${ownerId}`, headers: admin });
      expect(owner.statusCode, owner.body).toBe(200);
      const link = owner.json<Owner>().ownerIdPictureUrl.front!;
      const opened = await call(restored, { method: "GET", url: link });
      expect(opened.statusCode).toBe(200);
      expect(Buffer.compare(opened.rawPayload, document)).toBe(0);

      // The trail as it was, entry for entry, before the restored server's own sign-in above.
      const trail = (await restored.db.select().from(auditLog).orderBy(auditLog.id)).map(({ id, action }) => ({
        id,
        action,
      }));
      expect(trail.slice(0, auditBefore.length)).toEqual(auditBefore);
      const [{ entries } = { entries: 0 }] = await restored.db.select({ entries: count() }).from(auditLog);
      expect(entries).toBeGreaterThanOrEqual(auditBefore.length);
    } finally {
      await restored.close();
    }
    // The socket of a closed server is gone with it.
    await expect(readdir(target)).resolves.not.toContain(path.basename(controlSocket(target)));
  });

  it("with the server stopped, takes the backup from the database files and restores with --force", async () => {
    const stopped = await folder("backup-stopped");
    await restore(stopped, archive);
    const offline = path.join(await folder("backup-offline"), "again.tar.gz");
    expect(await backup(stopped, offline)).toBe("offline");
    const replaced = await folder("backup-replaced");
    await writeFile(path.join(replaced, "old.txt"), "old");
    await restore(replaced, offline, { force: true });
    expect(await readdir(replaced)).not.toContain("old.txt");
    const server = await start(replaced);
    try {
      const admin = bearer((await login(server, ADMIN_EMAIL, ADMIN_PASSWORD)).token);
      const answer = await call(server, { method: "GET", url: `/api/categories/${icon.id}`, headers: admin });
      expect(answer.statusCode).toBe(200);
      expect((await call(server, { method: "GET", url: icon.iconUrl })).statusCode).toBe(200);
    } finally {
      await server.close();
    }
  });
});
