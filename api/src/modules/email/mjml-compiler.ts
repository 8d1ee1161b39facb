import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import { Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';

/** The worker: loads mjml once, then compiles each source it is sent, strictly validated. */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const mjml2html = require(workerData.mjml);
parentPort.on('message', ({ id, source }) => {
  try {
    const { html, errors } = mjml2html(source, { validationLevel: 'strict', minify: false });
    parentPort.postMessage(
      errors.length ? { id, error: errors[0].formattedMessage } : { id, html },
    );
  } catch (error) {
    parentPort.postMessage({ id, error: String(error && error.message ? error.message : error) });
  }
});
`;

/**
 * A worker with nothing to compile for this long ends, and gives its memory back. Long enough
 * that emails coming a few at a time (an order's confirmation, its alert, a sign-in code) share
 * one worker: each start loads mjml again, about half a second of CPU on a fast machine.
 */
const IDLE_MS = 60_000;

type Reply = { id: number; html: string } | { id: number; error: string };

/** MJML that mjml refuses (a template's fault): compiling it again cannot help. */
export class EmailTemplateError extends Error {
  /** What the sender's log names it by (`errorCode`). */
  readonly code = 'ETEMPLATE';

  constructor(reason: string) {
    super(`Email template: ${reason}`);
  }
}

/**
 * Compiles MJML to HTML in a worker thread of its own. Loading mjml (an HTML minifier, a
 * beautifier and cheerio) takes as long as Nest's start, and all of it would run on the event
 * loop that answers the site: a campaign's first render, or the first email a process wrote, held
 * every request for that long. The sender compiles each email as it hands it over (`htmlOf`), and
 * a campaign is compiled once when it is sent. The worker starts with the first compile, stays
 * for the next while they come (it does not keep the process alive), and ends IDLE_MS after the
 * last one, at once after one that asks it to (a campaign is rendered once, and mjml's memory is
 * not to be held beside its list of recipients, nor beside a campaign being sent), or with the
 * app. A worker that fails fails the compiles it held, and the next compile starts another.
 */
@Injectable()
export class MjmlCompiler implements OnModuleDestroy {
  private readonly logger = new Logger('Email');
  private worker: Worker | null = null;
  private nextId = 0;
  /** The worker to end as soon as it is idle (`compile`'s `endWhenIdle`). */
  private endWhenIdle: Worker | null = null;
  private idle: NodeJS.Timeout | null = null;
  /** The compiles under way, each with the worker it was sent to. */
  private readonly waiting = new Map<
    number,
    { worker: Worker; resolve: (html: string) => void; reject: (error: Error) => void }
  >();

  /**
   * `source` compiled to HTML. `endWhenIdle`: the worker ends as soon as it has nothing to compile
   * after this, not IDLE_MS later (a campaign's, compiled once just before its list is read).
   */
  compile(source: string, { endWhenIdle = false } = {}): Promise<string> {
    const worker = this.started();
    const id = ++this.nextId;
    if (this.idle) clearTimeout(this.idle);
    this.idle = null;
    if (endWhenIdle) this.endWhenIdle = worker;
    return new Promise<string>((resolve, reject) => {
      this.waiting.set(id, { worker, resolve, reject });
      // Held while a compile is under way: the answer comes even when nothing else keeps the
      // process alive (a script's last email).
      worker.ref();
      worker.postMessage({ id, source });
    });
  }

  /**
   * An email's HTML: its MJML compiled here, or the HTML it was queued with when it has none.
   * `endWhenIdle` as for `compile`.
   */
  async htmlOf(
    email: { html: string; mjml: string | null },
    options: { endWhenIdle?: boolean } = {},
  ): Promise<string> {
    return email.mjml === null ? email.html : this.compile(email.mjml, options);
  }

  async onModuleDestroy(): Promise<void> {
    if (this.idle) clearTimeout(this.idle);
    this.idle = null;
    const worker = this.worker;
    this.worker = null;
    this.endWhenIdle = null;
    await worker?.terminate();
  }

  private started(): Worker {
    if (this.worker) return this.worker;
    const mjml = createRequire(import.meta.url).resolve('mjml');
    const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { mjml } });
    worker.unref();
    worker.on('message', (reply: Reply) => {
      const waiter = this.waiting.get(reply.id);
      this.waiting.delete(reply.id);
      if (!this.busy(worker)) {
        worker.unref();
        const wait = this.endWhenIdle === worker ? 0 : IDLE_MS;
        this.idle = setTimeout(() => void this.onModuleDestroy(), wait).unref();
      }
      if (!waiter) return;
      if ('error' in reply) waiter.reject(new EmailTemplateError(reply.error));
      else waiter.resolve(reply.html);
    });
    // Only this worker's compiles: one ended for being idle exits while the next one compiles.
    const fail = (error: Error) => {
      if (this.worker === worker) this.worker = null;
      for (const [id, waiter] of this.waiting) {
        if (waiter.worker !== worker) continue;
        this.waiting.delete(id);
        waiter.reject(error);
      }
    };
    worker.on('error', (error) => {
      this.logger.error(`The MJML worker failed: ${error.message}`);
      fail(error);
    });
    worker.on('exit', (code) => fail(new Error(`The MJML worker stopped (exit code ${code}).`)));
    this.worker = worker;
    return worker;
  }

  private busy(worker: Worker): boolean {
    for (const waiter of this.waiting.values()) if (waiter.worker === worker) return true;
    return false;
  }
}
