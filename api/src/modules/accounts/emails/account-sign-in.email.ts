import { ACCOUNT_PATH } from '@artist/contracts';
import { callToAction, type QueuedEmail, type MjmlEmail } from '../../email/index.js';

/**
 * To a fan signing in to her account: the 6-digit code to type, and a one-click link, both
 * working once, for `minutes`.
 */
export function accountSignIn(code: string, linkUrl: string, minutes: number): MjmlEmail {
  const subject = `Your sign-in code: ${code}`;
  return callToAction({
    subject,
    title: 'Sign in to your account',
    intro: `Your code is ${code}. Type it on the sign-in page, or use the button below. The code and the button work once, for ${minutes} minutes.`,
    action: { label: 'Sign in', url: linkUrl },
    closing:
      "Didn't ask to sign in? Ignore this email: nobody can sign in without this code or link.",
  });
}

/**
 * A fan's sign-in code and one-click link (`/account?token=…`): anyone can ask for one for any
 * address, so it is `strangerCaused`. Keyed by the token's hash: each request is its own email.
 */
export function accountSignInEmail(
  publicUrl: string,
  signIn: {
    id: number;
    email: string;
    code: string;
    token: string;
    tokenHash: string;
    minutes: number;
  },
): QueuedEmail {
  const link = `${publicUrl}${ACCOUNT_PATH}?token=${encodeURIComponent(signIn.token)}`;
  return {
    key: `account-sign-in:${signIn.tokenHash.slice(0, 40)}`,
    kind: 'account-sign-in',
    about: { type: 'sign-in-code', id: signIn.id },
    to: { address: signIn.email },
    ...accountSignIn(signIn.code, link, signIn.minutes),
    lane: 'transactional',
    strangerCaused: true,
  };
}
