import { ARTIST_NAME } from '../../config/env.js';
import { escapeHtml } from '../email/templates.js';

/**
 * The small pages the newsletter emails link to, in the site's colours. No script (the site's
 * CSP allows none inline): plain forms that POST to this site, so a mail scanner that follows
 * a link changes nothing.
 */
function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)} — ${escapeHtml(ARTIST_NAME)}</title>
<style>
  body { margin: 0; background: #f1e8da; color: #2b2118; font: 17px/1.55 Georgia, 'Times New Roman', serif; }
  header { background: #1d1611; color: #e0a458; text-align: center; padding: 1.25rem; font-size: 1.5rem; letter-spacing: 1px; }
  header a { color: inherit; text-decoration: none; }
  main { max-width: 34rem; margin: 2rem auto; background: #faf6f0; padding: 1.5rem 2rem 2rem; border-radius: 6px; }
  h1 { color: #6e3b0f; font-size: 1.6rem; margin-top: 0; }
  button { font: inherit; background: #8a4b14; color: #fff; border: 0; border-radius: 4px; padding: .7rem 1.4rem; cursor: pointer; }
  button:hover, button:focus-visible { background: #6e3b0f; }
  button:focus-visible { outline: 3px solid #2b2118; outline-offset: 2px; }
  a { color: #6e3b0f; }
</style>
</head>
<body>
<header><a href="/">${escapeHtml(ARTIST_NAME)}</a></header>
<main>
<h1>${escapeHtml(title)}</h1>
${body}
</main>
</body>
</html>
`;
}

const form = (action: string, fields: Record<string, string>, label: string) =>
  `<form method="post" action="${escapeHtml(action)}">
${Object.entries(fields)
  .map(
    ([name, value]) =>
      `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`,
  )
  .join('\n')}
<button type="submit">${escapeHtml(label)}</button>
</form>`;

const back = '<p><a href="/">Back to the site</a></p>';

export const invalidLinkPage = () =>
  page(
    'This link is not valid',
    `<p>This link is incomplete or no longer valid. Please copy the whole link from the email.</p>${back}`,
  );

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
