/**
 * Trial of campaign sending under crashes and SMTP trouble. The API runs as a child process
 * (api/dist/main.js) that is killed with SIGKILL at random moments and started again while it
 * sends one campaign to confirmed subscribers; a real SMTP server on loopback refuses a share of
 * transactions with 4xx and a few addresses with 550, some fans unsubscribe mid-send, and a few
 * addresses were suppressed (by the Postmark webhook) before it started. Then it waits for the
 * campaign to finish and prints lost, distinct duplicates, mailed-after-unsubscribe and
 * mailed-while-suppressed; exits 1 unless all are 0.
 *
 *   npm run trial:campaign -- --recipients 5000 --kills 3 [--seed 7] [--refuse 0.05] [--mysql mysql://root@127.0.0.1:3306]
 */
import 'reflect-metadata';
import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import { createRequire } from 'node:module';
import { setTimeout as sleep } from 'node:timers/promises';
import { createConnection } from 'mysql2/promise';
import { TestSmtpServer } from '../test/utils/smtp.js';
import { BuiltServer } from './built-server.js';
import { seededDraws } from './seeded-random.js';
import { trialDatabase } from './trial-database.js';

const { values: args } = parseArgs({
  options: {
    recipients: { type: 'string', default: '5000' },
    kills: { type: 'string', default: '3' },
    seed: { type: 'string', default: String(Date.now() % 100_000) },
    refuse: { type: 'string', default: '0.05' },
    rate: { type: 'string', default: '0' },
    mysql: { type: 'string' },
    /** How long to wait for the campaign to finish after the last kill, in seconds. */
    wait: { type: 'string', default: '600' },
  },
});
const wanted = Number(args.recipients);
const killsWanted = Number(args.kills);
const seed = Number(args.seed);
const { random, between } = seededDraws(seed);
const counts = { kills: 0, refused: 0, rejected550: 0 };

const emailOf = (n: number) => `fan${n}@example.com`;

async function main() {
  const started = Date.now();
  const smtp = new TestSmtpServer();
  const rejected = new Set<string>();
  for (let i = 0; i < Math.max(1, Math.floor(wanted / 500)); i++)
    rejected.add(emailOf(between(0, wanted - 1)));
  smtp.refuseSome = () => {
    if (random() >= Number(args.refuse)) return null;
    counts.refused++;
    return { code: 451, message: '4.3.0 Try again later' };
  };
  smtp.refuseRecipient = (address) => {
    if (!rejected.has(address)) return null;
    counts.rejected550++;
    return { code: 550, message: '5.1.1 No such user' };
  };
  await smtp.start();
  const database = await trialDatabase(args.mysql, 'artist-trial-campaign');
  const server = await BuiltServer.over(database);
  const { base } = server;
  const hook = { user: 'postmark', password: randomBytes(12).toString('hex') };
  const env = server.environment('development', {
    SMTP_URL: smtp.url,
    CAMPAIGN_RATE_PER_SECOND: args.rate,
    EMAIL_WEBHOOK_USER: hook.user,
    EMAIL_WEBHOOK_PASSWORD: hook.password,
  });

  const startApi = () => server.start(env);
  const kill = async () => {
    await server.stop('SIGKILL');
    counts.kills++;
    await sleep(between(0, 300));
    await startApi();
  };

  await startApi();
  const tokens = await seedSubscribers(database.config);
  // Its requests are tried again while the API restarts, for a minute.
  const admin = await server.admin(601);
  const content = await admin('GET', '/api/admin/content');
  await admin('PUT', '/api/admin/content', {
    ...content,
    postalAddress: 'PO Box 1, Nashville, TN',
  });

  // Addresses suppressed before the campaign, by the provider's complaint webhook.
  const suppressed = new Set<string>();
  for (let i = 0; i < Math.max(1, Math.floor(wanted / 500)); i++) {
    const email = emailOf(between(0, wanted - 1));
    if (rejected.has(email)) continue;
    suppressed.add(email);
    const res = await fetch(`${base}/api/webhooks/email/postmark`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        Authorization: `Basic ${Buffer.from(`${hook.user}:${hook.password}`).toString('base64')}`,
      },
      body: JSON.stringify({ RecordType: 'SpamComplaint', Email: email }),
    });
    if (!res.ok) throw new Error(`the webhook answered ${res.status}`);
  }

  const campaign = await admin('POST', '/api/admin/campaigns', {
    subject: 'Trial campaign',
    body: '# Hello\n\nA trial.',
    audience: {},
  });
  const id = Number(campaign.id);
  await admin('POST', `/api/admin/campaigns/${id}/send`, {});
  const sendStarted = Date.now();

  // Fans who unsubscribe while it sends, with the time each was answered.
  const unsubscribedAt = new Map<string, number>();
  const leaving = Array.from({ length: Math.max(1, Math.floor(wanted / 100)) }, () =>
    between(0, wanted - 1),
  );
  const unsubscribing = (async () => {
    for (const n of leaving) {
      await sleep(between(0, 200));
      const email = emailOf(n);
      for (let attempt = 0; attempt < 600; attempt++) {
        try {
          const res = await fetch(
            `${base}/api/newsletter/unsubscribe?token=${encodeURIComponent(tokens[n])}`,
            {
              method: 'POST',
              headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
              body: 'List-Unsubscribe=One-Click',
            },
          );
          await res.arrayBuffer();
          if (res.ok) {
            if (!unsubscribedAt.has(email)) unsubscribedAt.set(email, Date.now());
            break;
          }
        } catch {
          // the API is down: try again
        }
        await sleep(100);
      }
    }
  })();
  let killing: Promise<void> = Promise.resolve();
  for (let i = 0; i < killsWanted; i++) {
    await sleep(between(300, 3000));
    killing = killing.then(kill);
    await killing;
  }
  await unsubscribing;

  const deadline = Date.now() + Number(args.wait) * 1000;
  let final: Record<string, unknown> = {};
  while (Date.now() < deadline) {
    final = await admin('GET', `/api/admin/campaigns/${id}`);
    if (final.status === 'sent') break;
    await sleep(1000);
  }
  const sendSeconds = ((Date.now() - sendStarted) / 1000).toFixed(1);
  // A little longer, for any re-send after a crash to show itself.
  await sleep(3000);

  const byAddress = new Map<string, { at: number; id: string }[]>();
  for (const mail of smtp.received) {
    if (mail.parsed.subject !== 'Trial campaign') continue;
    const to = mail.rcptTo[0];
    const list = byAddress.get(to) ?? [];
    list.push({ at: mail.at, id: mail.parsed.messageId ?? '' });
    byAddress.set(to, list);
  }
  let lost = 0;
  let distinctDuplicates = 0;
  let sameIdAgain = 0;
  let afterUnsubscribe = 0;
  let whileSuppressed = 0;
  for (let n = 0; n < wanted; n++) {
    const email = emailOf(n);
    const mails = byAddress.get(email) ?? [];
    const ids = new Set(mails.map((m) => m.id));
    distinctDuplicates += Math.max(0, ids.size - 1);
    sameIdAgain += mails.length - ids.size;
    const left = unsubscribedAt.get(email);
    if (left !== undefined) afterUnsubscribe += mails.filter((m) => m.at > left).length;
    if (suppressed.has(email)) whileSuppressed += mails.length;
    const expected = !rejected.has(email) && !suppressed.has(email) && left === undefined;
    if (expected && mails.length === 0) lost++;
  }

  await server.stop('SIGTERM');
  await smtp.stop();
  await database.drop();
  process.stdout.write(
    `trial:campaign: seed ${seed}, ${wanted} subscribers on ${database.config.type}, ` +
      `${counts.kills} SIGKILLs, ${counts.refused} SMTP transactions refused with 4xx, ` +
      `${counts.rejected550} recipients refused with 550 (${rejected.size} addresses), ` +
      `${suppressed.size} suppressed before, ${unsubscribedAt.size} unsubscribed mid-send; ` +
      `campaign ${String(final.status)} in ${sendSeconds} s (${((Date.now() - started) / 1000).toFixed(1)} s in all)\n` +
      `campaign counts: recipients ${String(final.recipients)}, sent ${String(final.sent)}, ` +
      `failed ${String(final.failed)}, bounced ${String(final.bounced)}; ` +
      `same Message-ID delivered again ${sameIdAgain}\n` +
      `lost ${lost}, distinct duplicates ${distinctDuplicates}, ` +
      `mailed after unsubscribe ${afterUnsubscribe}, mailed while suppressed ${whileSuppressed}\n`,
  );
  if (
    lost ||
    distinctDuplicates ||
    afterUnsubscribe ||
    whileSuppressed ||
    final.status !== 'sent' ||
    counts.kills < killsWanted
  )
    process.exitCode = 1;
}

/** Confirmed subscribers written straight into the migrated database; their unsubscribe tokens. */
async function seedSubscribers(
  config: { type: 'mysql'; url: string } | { type: 'sqlite'; file: string },
) {
  const tokens = Array.from({ length: wanted }, () => randomBytes(24).toString('base64url'));
  const now = Date.now();
  const rows = tokens.map((token, n) => [emailOf(n), token, now - 60_000]);
  const sql = (count: number) =>
    `INSERT INTO email_signups (email, token, confirmedAt) VALUES ${Array.from({ length: count }, () => '(?, ?, ?)').join(', ')}`;
  if (config.type === 'mysql') {
    const conn = await createConnection(config.url);
    for (let i = 0; i < rows.length; i += 500) {
      const batch = rows.slice(i, i + 500);
      await conn.query(sql(batch.length), batch.flat());
    }
    await conn.end();
  } else {
    const Database = createRequire(import.meta.url)('better-sqlite3') as new (file: string) => {
      pragma(sql: string): unknown;
      prepare(sql: string): { run(...values: unknown[]): unknown };
      transaction(fn: () => void): () => void;
      close(): void;
    };
    const db = new Database(config.file);
    db.pragma('busy_timeout = 10000');
    const insert = db.transaction(() => {
      for (let i = 0; i < rows.length; i += 300) {
        const batch = rows.slice(i, i + 300);
        db.prepare(sql(batch.length)).run(...batch.flat());
      }
    });
    insert();
    db.close();
  }
  return tokens;
}

main().catch((error: unknown) => {
  process.stderr.write(
    `trial:campaign failed: ${error instanceof Error ? error.stack : String(error)}\n`,
  );
  process.exit(1);
});
