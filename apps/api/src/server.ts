import { connect } from "node:net";
import Fastify from "fastify";
import { buildApp } from "./app.ts";
import { backup, RestoreError, restore } from "./platform/backup.ts";
import { type Config, ConfigError, loadConfig } from "./platform/config.ts";
import { createDatabase } from "./platform/db.ts";
import { drainOnClose } from "./platform/drain.ts";
import { migrateDatabase } from "./platform/migrate.ts";
import { Sessions } from "./platform/sessions.ts";
import { AdminPasswordError, setAdminPassword } from "./seed.ts";

/** `npm run admin:password` runs the server bundle with this flag: set the super-admin's password, then exit. */
const SET_ADMIN_PASSWORD_FLAG = "--set-admin-password";

/** `npm run backup -- --out FILE` and `npm run restore -- FILE [--force]` (platform/backup.ts). */
const BACKUP_FLAG = "--backup";
const RESTORE_FLAG = "--restore";

const SHUTDOWN_TIMEOUT_MS = 10_000;

/** The arguments after the command's own flag. */
const commandArguments = (flag: string) => process.argv.slice(process.argv.indexOf(flag) + 1);

const POSTGRES_BACKUPS =
  'DATABASE_URL is set: back PostgreSQL up with pg_dump and pg_restore, and the bucket with its own versioning (README, "Backups").\n';

async function backupCommand(config: Config): Promise<number> {
  if (config.databaseUrl) {
    process.stderr.write(POSTGRES_BACKUPS);
    return 1;
  }
  const args = commandArguments(BACKUP_FLAG);
  const out = args[args.indexOf("--out") + 1];
  if (!args.includes("--out") || !out || out.startsWith("--")) {
    process.stderr.write("Usage: npm run backup -- --out FILE\n");
    return 1;
  }
  const from = await backup(config.dataDir, out);
  process.stdout.write(
    `Backup of ${config.dataDir} written to ${out} (${from === "server" ? "taken by the running server" : "the server was not running"}).\n`,
  );
  return 0;
}

async function restoreCommand(config: Config): Promise<number> {
  if (config.databaseUrl) {
    process.stderr.write(POSTGRES_BACKUPS);
    return 1;
  }
  const args = commandArguments(RESTORE_FLAG);
  const file = args.find((arg) => !arg.startsWith("--"));
  if (!file) {
    process.stderr.write("Usage: npm run restore -- FILE [--force]\n");
    return 1;
  }
  try {
    await restore(config.dataDir, file, { force: args.includes("--force") });
  } catch (error) {
    if (error instanceof RestoreError) {
      process.stderr.write(`${error.message}\n`);
      return 1;
    }
    throw error;
  }
  process.stdout.write(`Restored ${file} into ${config.dataDir}. Start the server with npm start.\n`);
  return 0;
}

async function main() {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }

  if (process.argv.includes(SET_ADMIN_PASSWORD_FLAG)) {
    process.exit(await setAdminPasswordCommand(config));
  }
  if (process.argv.includes(BACKUP_FLAG)) process.exit(await backupCommand(config));
  if (process.argv.includes(RESTORE_FLAG)) process.exit(await restoreCommand(config));

  const app = await buildApp({ config });
  drainOnClose(app.server);
  await app.listen({ port: config.port, host: config.host });
  const shownHost = ["0.0.0.0", "::", ""].includes(config.host) ? "localhost" : config.host;
  process.stdout.write(`Palco Admin listening on http://${shownHost}:${config.port}\n`);

  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) {
      // A second Ctrl+C means "now".
      process.exit(1);
    }
    stopping = true;
    app.log.info(`${signal} received, shutting down`);
    const timer = setTimeout(() => {
      app.log.error("shutdown timed out, exiting");
      process.exit(1);
    }, SHUTDOWN_TIMEOUT_MS);
    timer.unref();
    acceptQueuedConnections()
      .then(() => app.close())
      .then(
        () => process.exit(0),
        (error: unknown) => {
          app.log.error({ err: error }, "error during shutdown");
          process.exit(1);
        },
      );
  };
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
}

/** Whether something answers on the API's port: a running Palco Admin, as far as this command can tell. */
function portInUse(config: Config): Promise<boolean> {
  const host = ["0.0.0.0", "::", ""].includes(config.host) ? "127.0.0.1" : config.host;
  return new Promise((resolve) => {
    const socket = connect({ host, port: config.port });
    socket.setTimeout(1_000);
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("timeout", () => {
      socket.destroy();
      resolve(false);
    });
    socket.once("error", () => resolve(false));
  });
}

async function setAdminPasswordCommand(config: Config): Promise<number> {
  // The embedded database has a single user: opening its files beside a running server could damage them.
  if (!config.databaseUrl && (await portInUse(config))) {
    process.stderr.write(
      `Something is listening on port ${config.port}: stop Palco Admin first (the embedded database has one user).\n`,
    );
    return 1;
  }
  const database = await createDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
  try {
    await migrateDatabase(database, config.databaseMigrationUrl);
    // Nothing is logged here; ended sessions reach a running PostgreSQL-backed server through the database.
    const sessions = new Sessions({
      db: database.db,
      log: Fastify({ logger: false }).log,
      policy: { mfaRequiredForSuperAdmin: config.mfaRequiredForSuperAdmin },
    });
    await setAdminPassword({ db: database.db, config, sessions });
    return 0;
  } catch (error) {
    if (!(error instanceof AdminPasswordError)) throw error;
    process.stderr.write(`${error.message}\n`);
    return 1;
  } finally {
    await database.close();
  }
}

/**
 * Closing the listening socket resets connections the kernel has accepted but the process has not yet taken
 * (the event loop may have been busy in the embedded database), although their requests are already sent. Two
 * turns of the loop guarantee a poll in between, which takes them; they are then drained like the others.
 */
async function acceptQueuedConnections() {
  await new Promise((resolve) => setImmediate(resolve));
  await new Promise((resolve) => setImmediate(resolve));
}

main().catch((error: unknown) => {
  process.stderr.write(
    `Palco Admin failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exit(1);
});
