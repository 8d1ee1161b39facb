import request from 'supertest';
import type TestAgent from 'supertest/lib/agent.js';
import type { ReceivedMail } from './smtp.js';
import type { TestApp } from './test-app.js';

/** A fan's browser: keeps its cookies, sends the site's Origin, from its own address. */
export function fanBrowser(t: TestApp, ip: string): TestAgent {
  return request.agent(t.server).set('Origin', t.config.publicUrl).set('X-Forwarded-For', ip);
}

/** The code and the link's token of the latest sign-in email to `to`. */
export function signInOf(mails: ReceivedMail[], to: string): { code: string; token: string } {
  const mail = mails
    .filter((m) => m.rcptTo.includes(to) && m.parsed.subject?.startsWith('Your sign-in code'))
    .at(-1);
  if (!mail) throw new Error(`No sign-in email to ${to}`);
  const text = mail.parsed.text ?? '';
  const code = /Your code is (\d{6})/.exec(text)?.[1];
  const token = /\/account\?token=([A-Za-z0-9_-]+)/.exec(text)?.[1];
  if (!code || !token) throw new Error(`No code or link in: ${text}`);
  return { code, token };
}
