import { back, form, page } from '../../common/link-pages.js';

export const confirmPage = (action: string, token: string) =>
  page(
    'Confirm your subscription',
    `<p>Press the button to confirm that you want news of music and shows by email.</p>
${form(action, { token }, 'Confirm')}`,
  );

export const confirmedPage = () =>
  page(
    "You're on the list",
    `<p>Thanks for confirming! You'll hear about new music and shows first.</p>${back}`,
  );

export const confirmLinkUsedPage = () =>
  page(
    'This link has already been used',
    `<p>Each confirmation link works once. If you are not on the list, sign up again on the site and we will send you a new one.</p>${back}`,
  );

export const confirmLinkExpiredPage = () =>
  page(
    'This link has expired',
    `<p>Confirmation links work for 7 days, and stop working when the address unsubscribes. Sign up again on the site and we will send you a new one.</p>${back}`,
  );

export const unsubscribePage = (action: string) =>
  page(
    'Unsubscribe',
    `<p>Press the button to stop receiving the newsletter at this address.</p>
${form(action, { 'List-Unsubscribe': 'One-Click' }, 'Unsubscribe')}`,
  );

/** With a one-time token: the only way this address can ask for a confirmation email again. */
export const unsubscribedPage = (resubscribeAction: string, resubscribeToken: string) =>
  page(
    "You're unsubscribed",
    `<p>You will receive no more newsletter emails at this address.</p>
<p>Changed your mind? We'll send a confirmation email to this address.</p>
${form(resubscribeAction, { token: resubscribeToken }, 'Subscribe again')}
${back}`,
  );

export const resubscribeSentPage = () =>
  page(
    'Check your inbox',
    `<p>We've sent a confirmation email to this address. Press its button to join the list again.</p>${back}`,
  );

export const resubscribeLinkGonePage = () =>
  page(
    'This button has already been used',
    `<p>It works once, within 7 days. To join the list again, use the link in the confirmation email we sent.</p>${back}`,
  );
