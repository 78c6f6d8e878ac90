import type { Server, ServerResponse } from "node:http";
import type { Socket } from "node:net";

/**
 * A keep-alive connection quiet for this long is closed during a drain. A client that just received a response
 * sends its next request within milliseconds; one quiet for a second is idle for real, and closing it carries no
 * more risk than the server's ordinary keep-alive timeout.
 */
export const DRAIN_IDLE_GRACE_MS = 1_000;
/** How long a connection we half-closed may take to close its side before it is cut. */
const HALF_CLOSE_LIMIT_MS = 2_000;
const SWEEP_INTERVAL_MS = 50;

interface Connection {
  responses: Set<ServerResponse>;
  /** socket.bytesRead when it was last seen quiet: a change means a request is arriving. */
  bytesRead: number;
  quietSince: number;
  ending: boolean;
}

/**
 * Makes `server.close()` drain instead of cutting connections Node believes idle.
 *
 * Node's own close destroys every keep-alive socket without a request in progress. With the embedded database
 * the event loop spends long stretches inside PGlite (WebAssembly on the main thread) without reading sockets,
 * so a socket Node believes idle often has a request waiting in the kernel: destroying it resets the connection
 * (ECONNRESET) for a request the client has already sent. Draining instead:
 * - every response from then on says `Connection: close`, so clients stop reusing their connections;
 * - a connection is only closed once it has been quiet for DRAIN_IDLE_GRACE_MS, checked right after the event
 *   loop has polled the sockets, and it is half-closed (FIN) rather than destroyed (RST);
 * - `server.close()`'s callback (and with it Fastify's onClose hooks, which close the database) fires once the
 *   last connection is gone.
 */
export function drainOnClose(server: Server): void {
  const connections = new Map<Socket, Connection>();
  let draining = false;

  server.on("connection", (socket: Socket) => {
    connections.set(socket, { responses: new Set(), bytesRead: 0, quietSince: Date.now(), ending: false });
    socket.once("close", () => connections.delete(socket));
  });
  // No listener on the response (static files already put ten there): finished ones are let go by the sweep.
  server.on("request", (request, response: ServerResponse) => {
    const connection = connections.get(request.socket);
    if (!connection) return;
    for (const done of connection.responses)
      if (done.writableFinished || done.destroyed) connection.responses.delete(done);
    connection.responses.add(response);
    if (draining) closeAfter(response);
  });

  const sweep = () => {
    const now = Date.now();
    for (const [socket, connection] of connections) {
      if (connection.ending) continue;
      for (const response of connection.responses) {
        if (!response.writableFinished && !response.destroyed) continue;
        connection.responses.delete(response);
        // It finished since the last sweep: the client is only now free to send its next request.
        connection.quietSince = now;
        connection.bytesRead = socket.bytesRead;
      }
      if (connection.responses.size > 0) continue;
      if (socket.bytesRead !== connection.bytesRead) {
        connection.bytesRead = socket.bytesRead;
        connection.quietSince = now;
        continue;
      }
      if (now - connection.quietSince < DRAIN_IDLE_GRACE_MS) continue;
      connection.ending = true;
      socket.end();
      setTimeout(() => socket.destroy(), HALF_CLOSE_LIMIT_MS).unref();
    }
  };

  // Called by server.close() (Node ≥ 19) in place of the built-in method, which destroys idle sockets.
  server.closeIdleConnections = () => {
    if (draining) return;
    draining = true;
    for (const connection of connections.values()) {
      for (const response of connection.responses) closeAfter(response);
    }
    // A timer, then setImmediate: each sweep runs right after a poll phase, when sockets have been read.
    const timer = setInterval(() => setImmediate(sweep), SWEEP_INTERVAL_MS);
    server.once("close", () => clearInterval(timer));
  };
}

function closeAfter(response: ServerResponse) {
  if (!response.headersSent) response.setHeader("Connection", "close");
}
