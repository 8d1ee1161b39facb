import { DataSource } from 'typeorm';
import { OutboxEmail } from '../../src/modules/email/outbox-email.entity.js';
import { eventually, MAIL_WAIT_MS } from './smtp.js';
import type { TestApp } from './test-app.js';

/**
 * Waits until one app's outbox has nothing queued. Every email a request causes is written in the
 * same transaction as its change, and the sender marks a row sent only once the SMTP server has
 * accepted it; so when the requests made so far have answered and this returns, the server holds
 * every message they will ever send. It replaces waiting a fixed time "for any extra" email.
 * (Two instances racing for one row are another matter: that test still watches for a while.)
 */
export async function outboxSettled(t: TestApp, timeoutMs = MAIL_WAIT_MS): Promise<void> {
  const emails = t.app.get(DataSource).getRepository(OutboxEmail);
  await eventually(
    async () => (await emails.countBy({ status: 'queued' })) === 0,
    timeoutMs,
    'the outbox to send what it holds',
  );
}
