import { createRequire } from 'node:module';
import type { Transporter } from 'nodemailer';

/**
 * The SMTP connection of a sender: the outbox's, or the campaigns' with a pool of its own so a
 * campaign never holds up an order confirmation. nodemailer reads host, port, credentials and
 * smtps:// (TLS from the start) from the URL, and upgrades a plain connection with STARTTLS
 * whenever the server offers it.
 */
export function smtpTransport(smtpUrl: string, pool?: { maxConnections: number }): Transporter {
  // Loaded where mail is sent (SMTP_URL set), not by every start.
  const nodemailer = createRequire(import.meta.url)('nodemailer') as typeof import('nodemailer');
  return nodemailer.createTransport({
    url: smtpUrl,
    ...(pool ? { pool: true, maxConnections: pool.maxConnections, maxMessages: Infinity } : {}),
    connectionTimeout: 20_000,
    greetingTimeout: 20_000,
    socketTimeout: 30_000,
  });
}

/** A 5xx answer of the SMTP server: retrying cannot help. */
export function isPermanent(error: unknown): boolean {
  const code = (error as { responseCode?: unknown }).responseCode;
  return typeof code === 'number' && code >= 500 && code < 600;
}

/** The SMTP reply code or the connection error's code: nothing personal, for the log. */
export function errorCode(error: unknown): string {
  const { responseCode, code } = error as { responseCode?: unknown; code?: unknown };
  if (typeof responseCode === 'number') return `SMTP ${responseCode}`;
  return typeof code === 'string' ? code : 'error';
}

/** The server's answer, or the connection error; never the message itself. */
export function describeSmtpError(error: unknown): string {
  const { response, code, message } = error as {
    response?: unknown;
    code?: unknown;
    message?: unknown;
  };
  if (typeof response === 'string' && response) return response.slice(0, 1000);
  const text = typeof message === 'string' ? message : String(error);
  return (typeof code === 'string' ? `${code}: ${text}` : text).slice(0, 1000);
}
