import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer, type SMTPServerSession } from 'smtp-server';

export interface ReceivedMail {
  /** The envelope's recipients, as the SMTP server was given them. */
  rcptTo: string[];
  mailFrom: string;
  parsed: ParsedMail;
  /** Every header line as sent, lower-cased names. */
  headerLines: readonly { key: string; line: string }[];
  /** When its SMTP transaction began (MAIL FROM, epoch ms): after the sender decided to send it. */
  at: number;
}

/** The List-Unsubscribe header's value as sent, unfolded (undefined when there is none). */
export const listUnsubscribeOf = (mail: ReceivedMail) =>
  mail.headerLines
    .find((h) => h.key === 'list-unsubscribe')
    ?.line.replace(/\r?\n[ \t]+/g, ' ')
    .replace(/^List-Unsubscribe:\s*/, '');

/**
 * A real SMTP server on loopback that parses every message it accepts with mailparser. It can
 * refuse transactions (4xx or 5xx) and be stopped and started again on the same port.
 */
export class TestSmtpServer {
  readonly received: ReceivedMail[] = [];
  /** When set, each transaction is answered with this code and text instead of accepted. */
  refuse: { code: number; message: string } | null = null;
  /** Asked for each transaction when `refuse` is not set: an answer to refuse it with, or null. */
  refuseSome: () => { code: number; message: string } | null = () => null;
  /** Asked for each recipient: an answer to refuse that recipient with (e.g. 550), or null. */
  refuseRecipient: (address: string) => { code: number; message: string } | null = () => null;
  /** When set, each accepted message is answered only once this settles (a slow server). */
  answerAfter: Promise<unknown> | null = null;
  port = 0;
  /** Errors of single connections (a reset by a sender that died), kept for a test to look at. */
  readonly connectionErrors: Error[] = [];
  private server?: SMTPServer;
  /** When each connection's current transaction began (its MAIL FROM), by session id. */
  private readonly transactionStarts = new Map<string, number>();

  get url(): string {
    return `smtp://127.0.0.1:${this.port}`;
  }

  async start(): Promise<void> {
    this.server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onMailFrom: (_address, session, callback) => {
        this.transactionStarts.set(session.id, Date.now());
        const refusal = this.refuse ?? this.refuseSome();
        if (!refusal) return callback();
        const error = Object.assign(new Error(refusal.message), {
          responseCode: refusal.code,
        });
        callback(error);
      },
      onClose: (session) => this.transactionStarts.delete(session.id),
      onRcptTo: (address, _session, callback) => {
        const refusal = this.refuseRecipient(address.address);
        if (!refusal) return callback();
        callback(Object.assign(new Error(refusal.message), { responseCode: refusal.code }));
      },
      onData: (stream, session, callback) => {
        const at = this.transactionStarts.get(session.id) ?? Date.now();
        simpleParser(stream)
          .then(async (parsed) => {
            this.received.push(record(parsed, session, at));
            await this.answerAfter;
            callback();
          })
          .catch(callback);
      },
    });
    await new Promise<void>((resolve, reject) => {
      this.server!.once('error', reject);
      this.server!.listen(this.port, '127.0.0.1', () => resolve());
    });
    // A sender that goes away mid-session (a server killed with SIGKILL in the trials) resets
    // its connection; smtp-server reports that on the server, which goes on serving the others.
    this.server.on('error', (error) => this.connectionErrors.push(error));
    this.port = (this.server.server.address() as AddressInfo).port;
  }

  /** Closes the port: senders get "connection refused" until start() again. */
  async stop(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  to(address: string): ReceivedMail[] {
    return this.received.filter((m) => m.rcptTo.includes(address));
  }
}

function record(parsed: ParsedMail, session: SMTPServerSession, at: number): ReceivedMail {
  return {
    at,
    parsed,
    rcptTo: session.envelope.rcptTo.map((r) => r.address),
    mailFrom: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
    headerLines: parsed.headerLines,
  };
}

/**
 * How long a test waits for an email to be sent. The first email after the sender has been idle
 * starts the MJML compiler's worker, which loads mjml (about half a second of CPU on a fast idle
 * machine, two seconds on a slow one); with CI's lanes sharing two cores that took over 10 s of
 * wall time. Waiting longer costs nothing when the email comes at once: `eventually` returns as
 * soon as it is there.
 */
export const MAIL_WAIT_MS = 30_000;

/** Polls until `check` returns true, failing after `timeoutMs`. */
export async function eventually(
  check: () => boolean | Promise<boolean>,
  timeoutMs = MAIL_WAIT_MS,
  what = 'the condition',
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
