import { REFUNDED_DOWNLOADS_MESSAGE } from '@artist/contracts';
import { htmlDocument } from '../../common/html-page.js';
import { escapeHtml } from '../../common/strings.js';
import { ARTIST_NAME } from '../../config/env.js';
import type { GoneReason } from './downloads.service.js';

/** A plain page of the download links. */
function page(title: string, body: string): string {
  return htmlDocument(
    `${title} — ${ARTIST_NAME}`,
    `  body { font: 17px/1.55 Georgia, 'Times New Roman', serif; max-width: 34rem; margin: 3rem auto; padding: 0 1rem; color: #2b2118; background: #faf6f0; }
  h1 { color: #8a4b14; font-size: 1.6rem; }
  button { font: inherit; padding: .6rem 1.2rem; border-radius: 6px; border: 1px solid #8a4b14; background: #8a4b14; color: #fff; cursor: pointer; }
  a { color: #8a4b14; }`,
    `<main>
<h1>${escapeHtml(title)}</h1>
${body}
<p><a href="/">Back to the site</a></p>
</main>`,
  );
}

/**
 * 410: the link has expired or been used up, and a button emails fresh links to the order's
 * address; or its order was refunded, and no fresh links are offered.
 */
export function gonePage(action: string, reason: GoneReason): string {
  if (reason === 'refunded') return refundedPage();
  return page(
    reason === 'expired' ? 'This download link has expired' : 'This download link has been used up',
    `<p>${
      reason === 'expired'
        ? 'Download links work for a limited time.'
        : 'Each download link works for a limited number of downloads.'
    } You can have fresh links sent to the email address of the order.</p>
<form method="post" action="${escapeHtml(action)}">
<button type="submit">Email me fresh links</button>
</form>`,
  );
}

/** 410 for a refunded order's link, and for fresh links asked for it: no way to more links. */
export const refundedPage = () =>
  page('This download has ended', `<p>${escapeHtml(REFUNDED_DOWNLOADS_MESSAGE)}</p>`);

/** 409 for fresh links asked for a link that still downloads: the link itself, to use. */
export const stillWorksPage = (href: string, message: string) =>
  page(
    'This download link still works',
    `<p>${escapeHtml(message)} Nothing was sent: <a href="${escapeHtml(href)}">download with it</a> while it lasts.</p>`,
  );

/** 403 for a link to a release before its date: when it will download. */
export const notOutPage = (message: string) =>
  page('This release is not out yet', `<p>${escapeHtml(message)} This link works from then.</p>`);

export const notFoundPage = () =>
  page(
    'Download link not found',
    '<p>This link does not lead to a download. Check that the whole link from your email was opened.</p>',
  );

/** After fresh links are asked for: where they went, the address half hidden. */
export const sentPage = (email: string) =>
  page(
    'Fresh links are on their way',
    `<p>We sent fresh download links to ${escapeHtml(maskEmail(email))}. They should arrive within a few minutes.</p>`,
  );

export const tooManyPage = (message: string) =>
  page('Please wait a little', `<p>${escapeHtml(message)}</p>`);

/** `fan@example.com` → `f**@example.com`. */
export function maskEmail(email: string): string {
  const [local, domain] = email.split('@');
  return `${local.slice(0, 1)}${'*'.repeat(Math.max(1, local.length - 1))}@${domain ?? ''}`;
}
