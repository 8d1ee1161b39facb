import type { Server, ServerResponse } from 'node:http';
import { Server as NetServer, type Socket } from 'node:net';
import type { INestApplication } from '@nestjs/common';
import { InstanceState } from './modules/cluster/index.js';

/** How long a stop waits for the requests in flight before closing their connections. */
export const SHUTDOWN_GRACE_MS = 10_000;

/** The server's requests being answered and its connections, followed from start-up. */
export interface ServerTraffic {
  /** Requests being answered. */
  inFlight(): number;
  /** Connections open, answering or idle. */
  connections(): number;
  /** From now on each answer, in flight or to come, closes its connection once sent. */
  closeConnectionsAfterAnswers(): void;
}

/**
 * Follows the server's requests and connections. Installed at start-up so a stop knows when the
 * last request has been answered and the last connection closed.
 */
export function trackTraffic(server: Server): ServerTraffic {
  const answering = new Set<ServerResponse>();
  const sockets = new Set<Socket>();
  let closing = false;
  server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
  // First, so an answer written at once by a handler already carries Connection: close.
  server.prependListener('request', (_req, res: ServerResponse) => {
    answering.add(res);
    if (closing) res.shouldKeepAlive = false;
    res.once('close', () => answering.delete(res));
  });
  return {
    inFlight: () => answering.size,
    connections: () => sockets.size,
    closeConnectionsAfterAnswers() {
      closing = true;
      for (const res of answering) if (!res.headersSent) res.shouldKeepAlive = false;
    },
  };
}

/**
 * A graceful stop (SIGTERM): readiness answers 503 and the listening socket closes at once, so
 * the proxy sends new requests to the other instances (a refused connection is retried there).
 * No connection is cut: every request that reaches the instance, on a connection it has already
 * taken, is answered, with `Connection: close`, so each connection ends after its answer (a
 * proxy's kept-alive idle ones end when the proxy lets them go, before the server's own 5 s
 * keep-alive timeout). After `graceMs` whatever is left is closed. Then the application closes:
 * periodic work ends, the outbox hands back the emails it claimed but did not send, other
 * instances are told of the last writes, and the database closes.
 *
 * The listener is closed as a plain net.Server: http.Server's close() also destroys at once every
 * idle kept-alive connection, and a proxy may be writing its next request to one at that moment;
 * it then sees the connection reset, and cannot retry a POST on another instance (502).
 */
export async function stopGracefully(
  app: INestApplication,
  traffic: ServerTraffic,
  graceMs = SHUTDOWN_GRACE_MS,
): Promise<{ unfinished: number }> {
  app.get(InstanceState).stopping = true;
  traffic.closeConnectionsAfterAnswers();
  const server = app.getHttpServer() as Server;
  const closed = new Promise<void>((resolve) =>
    NetServer.prototype.close.call(server, () => resolve()),
  );
  const deadline = Date.now() + graceMs;
  while ((traffic.inFlight() > 0 || traffic.connections() > 0) && Date.now() < deadline)
    await new Promise((resolve) => setTimeout(resolve, 25));
  const unfinished = traffic.inFlight();
  server.closeAllConnections();
  await closed;
  await app.close();
  return { unfinished };
}
