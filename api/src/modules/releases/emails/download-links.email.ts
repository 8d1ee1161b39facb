import { escapeHtml } from '../../../common/strings.js';
import { button, COLOURS, heading, layout, oneLine, type MjmlEmail } from '../../email/index.js';

/** One download link as an email lists it. */
export interface DownloadEmailLink {
  release: string;
  format: string;
  url: string;
}

/**
 * The links as MJML and as plain text lines, with how long and how often they work: the email of
 * links on their own, and the order confirmation of an order with downloads.
 */
export function downloadSection(links: DownloadEmailLink[], days: number, limit: number) {
  const terms = `Each link works for ${days} days and ${limit} downloads.`;
  const html = [
    `<mj-text><strong>Your downloads</strong><br />${escapeHtml(terms)}</mj-text>`,
    ...links.map(
      (link) =>
        `<mj-text><a href="${escapeHtml(link.url)}" style="color:${COLOURS.accent}">${escapeHtml(`${link.release} (${link.format})`)}</a></mj-text>`,
    ),
  ].join('\n');
  const text = [
    'Your downloads:',
    terms,
    ...links.map((link) => `${link.release} (${link.format}): ${link.url}`),
  ].join('\n');
  return { html, text };
}

/** Download links on their own: a redeemed code, a fresh link asked for, or sent again. */
export function downloadLinks(
  links: DownloadEmailLink[],
  days: number,
  limit: number,
  siteUrl: string,
): MjmlEmail {
  const releases = [...new Set(links.map((link) => link.release))];
  const subject = oneLine(`Your download: ${releases.join(', ')}`);
  const section = downloadSection(links, days, limit);
  const mjml = layout(
    subject,
    [heading('Your music is ready'), section.html, button('Visit the site', siteUrl)].join('\n'),
  );
  const text = ['Your music is ready.', '', section.text, '', siteUrl].join('\n');
  return { subject, mjml, text };
}
