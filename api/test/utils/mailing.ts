import type { TestDatabase } from './databases.js';
import { TestSmtpServer } from './smtp.js';
import { startTestApp, type TestApp } from './test-app.js';

// Apart from test-app.ts, so that only the suites that mail load the SMTP server and mailparser.

/** A loopback SMTP server for a `describe`: started before its tests and stopped after them. */
export function smtpServerOfSuite(): TestSmtpServer {
  const smtp = new TestSmtpServer();
  beforeAll(() => smtp.start());
  afterAll(() => smtp.stop());
  return smtp;
}

/**
 * A loopback SMTP server and the server of a `describe` that `start` starts mailing through it
 * (given its SMTP_URL), both started before its tests and stopped after them, the server first.
 */
export function mailingOfSuite<A extends { close(): Promise<void> }>(
  start: (smtpUrl: string) => Promise<A>,
): { smtp: TestSmtpServer; app: A } {
  const smtp = new TestSmtpServer();
  const app = {} as A;
  beforeAll(async () => {
    await smtp.start();
    Object.assign(app, await start(smtp.url));
  });
  afterAll(async () => {
    await app.close?.();
    await smtp.stop();
  });
  return { smtp, app };
}

/** `mailingOfSuite` with the whole server on a fresh database, `env` its settings. */
export function mailingAppOfSuite(
  db: TestDatabase,
  env: Record<string, string> = {},
): { smtp: TestSmtpServer; t: TestApp } {
  const { smtp, app } = mailingOfSuite((url) => startTestApp(db, { SMTP_URL: url, ...env }));
  return { smtp, t: app };
}
