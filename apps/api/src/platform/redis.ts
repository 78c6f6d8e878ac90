import type { FastifyBaseLogger } from "fastify";
import { createClient } from "redis";

function newClient(url: string) {
  return createClient({
    url,
    socket: { reconnectStrategy: (retries) => Math.min(retries * 200, 5000) },
  });
}

export type RedisClient = ReturnType<typeof newClient>;

export interface RedisConnection {
  client: RedisClient;
  /** Registers cleanup for connections derived from this one (socket.io's pub/sub pair). */
  onClose(task: () => Promise<void>): void;
  close(): Promise<void>;
}

export async function connectRedis(url: string, log: FastifyBaseLogger): Promise<RedisConnection> {
  const client = newClient(url);
  // Without a listener node-redis would throw on connection errors; reconnection is automatic.
  client.on("error", (error: unknown) => log.error({ err: error }, "redis error"));
  await client.connect();
  const cleanups: (() => Promise<void>)[] = [];
  return {
    client,
    onClose: (task) => cleanups.push(task),
    async close() {
      await Promise.allSettled(cleanups.map((task) => task()));
      await client.close().catch(() => client.destroy());
    },
  };
}
