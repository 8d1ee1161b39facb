import { back, form, page } from '../email/link-pages.js';

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

export const unsubscribePage = (action: string) =>
  page(
    'Unsubscribe',
    `<p>Press the button to stop receiving the newsletter at this address.</p>
${form(action, { 'List-Unsubscribe': 'One-Click' }, 'Unsubscribe')}`,
  );

export const unsubscribedPage = () =>
  page(
    "You're unsubscribed",
    `<p>You will receive no more newsletter emails at this address.</p>${back}`,
  );
