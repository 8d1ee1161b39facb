import type { Server } from 'node:http';
import type { INestApplication } from '@nestjs/common';
import { InstanceState } from './modules/cluster/instance-state.js';

/** How long a stop waits for the requests in flight before closing their connections. */
export const SHUTDOWN_GRACE_MS = 10_000;

/**
 * Counts the requests the server is answering. Installed at start-up so a stop knows when the
 * last one has been answered.
 */
export function countRequestsInFlight(server: Server): () => number {
  let inFlight = 0;
  server.on('request', (_req, res) => {
    inFlight++;
    res.once('close', () => inFlight--);
  });
  return () => inFlight;
}

/**
 * A graceful stop (SIGTERM): readiness answers 503 and the listening socket closes at once, so
 * the proxy sends new requests to the other instances (a refused connection is retried there);
 * the requests in flight are answered (for up to `graceMs`), each connection closing once idle;
 * then the application closes: periodic work ends, the outbox hands back the emails it claimed
 * but did not send, other instances are told of the last writes, and the database closes.
 */
export async function stopGracefully(
  app: INestApplication,
  inFlight: () => number,
  graceMs = SHUTDOWN_GRACE_MS,
): Promise<{ unfinished: number }> {
  app.get(InstanceState).stopping = true;
  const server = app.getHttpServer() as Server;
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  const deadline = Date.now() + graceMs;
  // Keep-alive connections close as soon as they have no request; busy ones after their answer.
  while (inFlight() > 0 && Date.now() < deadline) {
    server.closeIdleConnections();
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  const unfinished = inFlight();
  server.closeAllConnections();
  await closed;
  await app.close();
  return { unfinished };
}
