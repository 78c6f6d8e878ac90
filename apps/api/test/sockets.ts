import type { AddressInfo } from "node:net";
import type { FastifyInstance } from "fastify";
import { io as connect, type ManagerOptions, type Socket, type SocketOptions } from "socket.io-client";

/** Starts a test app on a free loopback port (sockets and fetch need a real one) and answers its base URL. */
export async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: "127.0.0.1" });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

/** The socket.io clients one test file opens, closed together at its end. */
export class SocketClients {
  private readonly sockets: Socket[] = [];

  /** Connects over websocket without reconnecting: resolves once connected, rejects with the server's refusal. */
  open(url: string, options: Pick<Partial<ManagerOptions & SocketOptions>, "query" | "auth">): Promise<Socket> {
    const socket = connect(url, { path: "/socket.io", transports: ["websocket"], reconnection: false, ...options });
    this.sockets.push(socket);
    return new Promise((resolve, reject) => {
      socket.on("connect", () => resolve(socket));
      socket.on("connect_error", reject);
    });
  }

  closeAll(): void {
    for (const socket of this.sockets) socket.close();
  }
}
