import { createReadStream, createWriteStream } from "node:fs";
import { chmod, mkdir, readdir, readFile, rename, rm, stat } from "node:fs/promises";
import { createServer, type IncomingMessage, request, type Server } from "node:http";
import { connect } from "node:net";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { createGunzip, createGzip } from "node:zlib";
import { PGlite } from "@electric-sql/pglite";
import type { FastifyBaseLogger } from "fastify";
import tar from "tar-stream";
import { dumpPglite, PGLITE_OPTIONS } from "./db.ts";
import { holdDeletions } from "./file-store.ts";

/**
 * Backups of the embedded database (README, "Backups"): one gzipped tar holding
 * - `palco-backup.json`: what it is and when it was taken;
 * - `database.tar`: PGlite's own dump of its data folder, taken while no statement runs (a crash-consistent copy:
 *   PostgreSQL replays its log on the first start after a restore, as after a power cut);
 * - `jwt-secret`: the generated secret, without which the restored server could not read the authenticator-app
 *   secrets (their key derives from it) and would sign everyone out;
 * - `uploads/…` and `private/…`: pictures, documents and finished exports, copied after the database, with file
 *   deletions held back meanwhile, so every file a row of the copy names is in the archive.
 * A running server takes the backup itself (the embedded database has one user, the server), asked over a Unix
 * socket in DATA_DIR; with the server stopped the command opens the database on its own.
 */
export const BACKUP_FORMAT = 1;
const MANIFEST = "palco-backup.json";
const DATABASE_ENTRY = "database.tar";
const SECRET = "jwt-secret";
const FOLDERS = ["uploads", "private"] as const;

/** The control socket a running server listens on (`npm run backup` finds it there). */
export const controlSocket = (dataDir: string) => path.join(dataDir, "control.sock");

/** Every file under `folder`, as paths relative to `root`, sorted. */
async function filesUnder(root: string, folder: string): Promise<string[]> {
  try {
    const entries = await readdir(path.join(root, folder), { recursive: true, withFileTypes: true });
    return entries
      .filter((entry) => entry.isFile())
      .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)))
      .sort();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
    throw error;
  }
}

/** Writes the archive of `dataDir` to `out`, the database first (from `dump`), then the files. */
export async function writeBackup(dataDir: string, dump: () => Promise<Blob>, out: NodeJS.WritableStream) {
  const pack = tar.pack();
  const written = pipeline(pack, createGzip(), out);
  const entry = (name: string, data: Buffer) =>
    new Promise<void>((resolve, reject) =>
      pack.entry({ name, mode: 0o600 }, data, (error) => (error ? reject(error) : resolve())),
    );
  await holdDeletions(async () => {
    const database = Buffer.from(await (await dump()).arrayBuffer());
    const files = (await Promise.all(FOLDERS.map((folder) => filesUnder(dataDir, folder)))).flat();
    await entry(
      MANIFEST,
      Buffer.from(
        `${JSON.stringify({ format: BACKUP_FORMAT, createdAt: new Date().toISOString(), database: "pglite", files: files.length }, null, 2)}\n`,
      ),
    );
    await entry(DATABASE_ENTRY, database);
    const secret = await readFile(path.join(dataDir, SECRET)).catch(() => undefined);
    if (secret) await entry(SECRET, secret);
    for (const file of files) {
      const full = path.join(dataDir, file);
      const size = await stat(full).then(
        (info) => info.size,
        () => undefined,
      );
      // Gone since the listing (an export past its day): nothing in the copied database names it any more.
      if (size === undefined) continue;
      const sink = pack.entry({ name: file.split(path.sep).join("/"), size, mode: 0o600 });
      await pipeline(createReadStream(full), sink);
    }
  });
  pack.finalize();
  await written;
}

/**
 * Serves `GET /backup` on DATA_DIR/control.sock (mode 0600: whoever may read DATA_DIR may take a backup, nobody
 * else). A stale socket of a server that died is replaced.
 */
export async function listenForControl(
  dataDir: string,
  dump: () => Promise<Blob>,
  log: FastifyBaseLogger,
): Promise<Server | undefined> {
  const socket = controlSocket(dataDir);
  // Unix socket paths are limited to about 100 bytes: a deep DATA_DIR goes without (the command then says so).
  if (Buffer.byteLength(socket) > 100) {
    log.warn(`DATA_DIR is too deep for the backup socket (${socket}): npm run backup needs the server stopped`);
    return undefined;
  }
  const server = createServer((req, res) => {
    if (req.method !== "GET" || req.url !== "/backup") {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { "Content-Type": "application/gzip" });
    writeBackup(dataDir, dump, res).catch((error: unknown) => {
      log.error({ err: error }, "backup failed");
      res.destroy(error as Error);
    });
  });
  await rm(socket, { force: true });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(socket, () => resolve());
  });
  await chmod(socket, 0o600);
  return server;
}

/** Whether a server listens on the control socket of `dataDir`. */
function serverAnswers(dataDir: string): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(controlSocket(dataDir));
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });
}

/** Asks the server running on `dataDir` for a backup; false when none answers on its socket. */
async function backupFromServer(dataDir: string, out: string): Promise<boolean> {
  const response = await new Promise<IncomingMessage | undefined>((resolve, reject) => {
    const req = request({ socketPath: controlSocket(dataDir), path: "/backup", method: "GET" }, resolve);
    req.on("error", (error: NodeJS.ErrnoException) =>
      ["ENOENT", "ECONNREFUSED"].includes(error.code ?? "") ? resolve(undefined) : reject(error),
    );
    req.end();
  });
  if (!response) return false;
  if (response.statusCode !== 200) throw new Error(`The server refused the backup (HTTP ${response.statusCode})`);
  await pipeline(response, createWriteStream(out, { mode: 0o600 }));
  return true;
}

/** `npm run backup -- --out FILE`: from the running server, or from the stopped database on its own. */
export async function backup(dataDir: string, out: string): Promise<"server" | "offline"> {
  const partial = `${out}.partial`;
  try {
    if (await backupFromServer(dataDir, partial)) {
      await rename(partial, out);
      return "server";
    }
    const databaseDir = path.join(dataDir, "db");
    if (!(await stat(databaseDir).catch(() => undefined))) throw new Error(`No embedded database in ${databaseDir}`);
    const client = await PGlite.create({ dataDir: databaseDir, ...PGLITE_OPTIONS });
    try {
      await writeBackup(dataDir, () => dumpPglite(client), createWriteStream(partial, { mode: 0o600 }));
    } finally {
      await client.close();
    }
    await rename(partial, out);
    return "offline";
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  }
}

export class RestoreError extends Error {}

/**
 * `npm run restore -- FILE [--force]`: unpacks a backup into DATA_DIR, the database through PGlite (which lays out
 * its data folder from the dump). Refuses while a server runs on DATA_DIR, and a DATA_DIR that holds anything
 * unless `force` (then its contents are replaced).
 */
export async function restore(dataDir: string, file: string, options: { force?: boolean } = {}) {
  if (await serverAnswers(dataDir)) {
    throw new RestoreError(`A server is running on ${dataDir}: stop it before restoring`);
  }
  const existing = await readdir(dataDir).catch(() => [] as string[]);
  if (existing.length > 0 && !options.force) {
    throw new RestoreError(`${dataDir} is not empty: restore into an empty DATA_DIR, or add --force to replace it`);
  }
  for (const name of existing) await rm(path.join(dataDir, name), { recursive: true, force: true });
  await mkdir(dataDir, { recursive: true });

  let manifest: { format?: number } | undefined;
  let database: Buffer | undefined;
  const extract = tar.extract();
  extract.on("entry", (header, stream, next) => {
    const name = path.posix.normalize(header.name);
    const collect = async () => {
      if (name === MANIFEST || name === DATABASE_ENTRY) {
        const chunks: Buffer[] = [];
        for await (const chunk of stream) chunks.push(chunk as Buffer);
        const data = Buffer.concat(chunks);
        if (name === MANIFEST) manifest = JSON.parse(data.toString("utf8"));
        else database = data;
        return;
      }
      const allowed = name === SECRET || FOLDERS.some((folder) => name.startsWith(`${folder}/`));
      if (header.type !== "file" || !allowed || name.startsWith("..") || path.posix.isAbsolute(name)) {
        stream.resume();
        return;
      }
      const target = path.join(dataDir, ...name.split("/"));
      await mkdir(path.dirname(target), { recursive: true });
      await pipeline(stream, createWriteStream(target, { mode: 0o600 }));
    };
    collect().then(() => next(), next);
  });
  await pipeline(createReadStream(file), createGunzip(), extract);
  if (manifest?.format !== BACKUP_FORMAT || !database) {
    throw new RestoreError(`${file} is not a Palco Admin backup (format ${BACKUP_FORMAT})`);
  }
  const client = await PGlite.create({
    dataDir: path.join(dataDir, "db"),
    loadDataDir: new Blob([new Uint8Array(database)]),
    ...PGLITE_OPTIONS,
  });
  // A statement proves the copy opens (and lets PostgreSQL finish its recovery) before the command reports success.
  await client.query("SELECT 1");
  await client.close();
}
