import { timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { Inject, Injectable } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { DataSource } from 'typeorm';
import { Clock } from '../../common/clock.js';
import { publicReadOf, publicReadPath, type RequestTimer } from '../../common/public-reads.js';
import { APP_CONFIG } from '../../config/config.module.js';
import type { AppConfig } from '../../config/env.js';
import { InventoryService } from '../catalog/index.js';
import { OutboxService } from '../email/index.js';

/** The outcomes a Stripe webhook delivery is counted under. */
export type WebhookOutcome = 'processed' | 'refused' | 'failed';

/** The path of an answer that no route matched (static files, the site's pages). */
const UNROUTED = 'other';

/**
 * The instance's figures in the Prometheus text format (`GET /metrics`, prom-client): request
 * durations by route and status, the outbox by status and the age of its oldest queued email,
 * webhook deliveries by outcome, open stock holds, campaign messages sent, and prom-client's
 * default process metrics (memory, event-loop lag, …). Each instance answers for itself; the
 * database figures are the whole site's, so every instance reports the same ones.
 */
@Injectable()
export class Metrics {
  readonly registry = new Registry();
  private readonly requests: Histogram<'method' | 'route' | 'status'>;
  private readonly webhooks: Counter<'outcome'>;
  private readonly remoteFailures: Counter<'remote' | 'version'>;
  readonly campaignMessages: Counter;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    dataSource: DataSource,
    outbox: OutboxService,
    inventory: InventoryService,
    clock: Clock,
  ) {
    const registers = [this.registry];
    collectDefaultMetrics({ register: this.registry });
    this.requests = new Histogram({
      name: 'http_request_duration_seconds',
      help: 'Time to answer an HTTP request, by method, route and status',
      labelNames: ['method', 'route', 'status'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers,
    });
    this.webhooks = new Counter({
      name: 'webhook_deliveries_total',
      help: 'Stripe webhook deliveries received, by outcome (processed, refused, failed)',
      labelNames: ['outcome'],
      registers,
    });
    for (const outcome of ['processed', 'refused', 'failed'] as const)
      this.webhooks.inc({ outcome }, 0);
    this.remoteFailures = new Counter({
      name: 'remote_load_failures_total',
      help: "Visitors' browsers that found a remote's version failing to load, by remote and version",
      labelNames: ['remote', 'version'],
      registers,
    });
    this.campaignMessages = new Counter({
      name: 'campaign_messages_sent_total',
      help: 'Campaign messages sent',
      registers,
    });
    let outboxFigures: ReturnType<OutboxService['figures']> | undefined;
    // One read serves both outbox gauges of a scrape.
    const readOutbox = () =>
      (outboxFigures ??= outbox.figures(dataSource.manager).finally(() => {
        setImmediate(() => (outboxFigures = undefined));
      }));
    new Gauge({
      name: 'outbox_emails',
      help: 'Emails in the outbox, by status',
      labelNames: ['status'],
      registers,
      async collect() {
        const { byStatus } = await readOutbox();
        this.reset();
        for (const status of ['queued', 'held', 'sent', 'failed'])
          this.set({ status }, byStatus[status] ?? 0);
        for (const [status, n] of Object.entries(byStatus)) this.set({ status }, n);
      },
    });
    new Gauge({
      name: 'outbox_oldest_queued_age_seconds',
      help: 'Age of the oldest queued email in the outbox (0 when none is queued)',
      registers,
      async collect() {
        const { oldestQueuedAt } = await readOutbox();
        this.set(
          oldestQueuedAt === null
            ? 0
            : Math.max(0, (clock.now().getTime() - oldestQueuedAt) / 1000),
        );
      },
    });
    new Gauge({
      name: 'stock_reservations_open',
      help: 'Stock holds of checkouts neither paid nor released',
      registers,
      async collect() {
        this.set((await inventory.openHolds()).holds);
      },
    });
  }

  /** Counts a browser's report that a version of a remote failed to load. */
  remoteLoadFailure(remote: string, version: string): void {
    this.remoteFailures.inc({ remote, version });
  }

  /** Counts a Stripe webhook delivery. */
  webhook(outcome: WebhookOutcome): void {
    this.webhooks.inc({ outcome });
  }

  /**
   * Times every request the HTTP server answers but the public reads (Nest's routes, the static
   * site), labelled by its route's pattern. The public reads, answered ahead of Express, time
   * themselves through `requestTimer`: no timer or listener per request of theirs.
   */
  timeRequests(server: Server): void {
    server.on('request', (req: IncomingMessage, res: ServerResponse) => {
      if (publicReadOf(req) !== undefined) return;
      const end = this.requests.startTimer();
      res.once('finish', () =>
        end({ method: req.method ?? 'GET', route: routeOf(req), status: String(res.statusCode) }),
      );
    });
  }

  /** Records a request's time in the same figures as `timeRequests` (the public reads' use). */
  requestTimer(): RequestTimer {
    return (method, route, status, seconds) =>
      this.requests.observe({ method, route, status: String(status) }, seconds);
  }

  /**
   * `GET /metrics`: 404 unless METRICS_TOKEN is set, then 401 without `Authorization: Bearer`
   * and that token.
   */
  handler() {
    return (req: Request, res: Response, next: NextFunction) => {
      if (req.method !== 'GET' && req.method !== 'HEAD') return next();
      const token = this.config.metricsToken;
      res.setHeader('Cache-Control', 'no-store');
      if (!token) {
        res
          .status(404)
          .json({ statusCode: 404, message: 'Metrics are off: METRICS_TOKEN is not set.' });
        return;
      }
      if (!sameToken(req.headers.authorization, token)) {
        res.status(401).setHeader('WWW-Authenticate', 'Bearer').json({
          statusCode: 401,
          message: 'Send the metrics token as Authorization: Bearer <token>.',
        });
        return;
      }
      this.registry
        .metrics()
        .then((text) => res.status(200).type(this.registry.contentType).send(text), next);
    };
  }
}

function sameToken(header: string | undefined, token: string): boolean {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '');
  if (!match) return false;
  const given = Buffer.from(match[1]);
  const wanted = Buffer.from(token);
  return given.length === wanted.length && timingSafeEqual(given, wanted);
}

/** The route's pattern (`/api/admin/orders/:id`), never the path itself: ids stay out. */
function routeOf(req: IncomingMessage): string {
  const { route, baseUrl, url } = req as IncomingMessage & {
    route?: { path?: unknown };
    baseUrl?: string;
  };
  if (route && typeof route.path === 'string') return `${baseUrl ?? ''}${route.path}`;
  // The public reads are answered ahead of Express (common/public-reads.ts): no route is set.
  const read = publicReadPath(url ?? '');
  if (read) return read;
  if ((url ?? '').split('?')[0] === '/metrics') return '/metrics';
  return UNROUTED;
}
