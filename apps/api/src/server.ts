import { buildApp } from "./app.ts";
import { ConfigError, loadConfig } from "./platform/config.ts";
import { drainOnClose } from "./platform/drain.ts";

const SHUTDOWN_TIMEOUT_MS = 10_000;

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
