import { escapeHtml } from '../../../common/strings.js';
import { ARTIST_NAME } from '../../../config/env.js';
import {
  COLOURS,
  footerLink,
  layout,
  MANAGE_EMAILS_LABEL,
  manageEmailsUrl,
  type MjmlEmail,
  oneLine,
} from '../../email/index.js';

export interface CampaignEmailData {
  subject: string;
  /** The body's Markdown rendered and sanitised (campaign-content.ts). */
  bodyHtml: string;
  /** The body as written: Markdown reads as plain text. */
  bodyText: string;
  /** The campaign's public page. */
  viewUrl: string;
  unsubscribeUrl: string;
  /** The artist's postal address (CAN-SPAM). */
  postalAddress: string;
  /** A test copy says so at the top. */
  test: boolean;
  /**
   * Why a member gets a message of her membership (a perk's, sent whether or not she is on the
   * mailing list): the footer says so and links to her account instead of unsubscribing her.
   */
  membershipReason?: string;
}

const YOUR_ACCOUNT_LABEL = 'Your account';

/**
 * A campaign (newsletter or show announcement): the artist's words in the layout of every email,
 * a "view in your browser" link, and a footer with the unsubscribe link and her postal address.
 * No tracking pixel, no rewritten links. Its MJML, which the caller compiles (`MjmlCompiler`:
 * off the event loop, as a campaign's render must be).
 */
export function campaignEmailSource(data: CampaignEmailData): MjmlEmail {
  const subject = oneLine(data.subject);
  const view = `<mj-text font-size="13px" align="center" color="${COLOURS.inkSoft}"><a href="${escapeHtml(data.viewUrl)}" style="color:${COLOURS.inkSoft}">View this email in your browser</a></mj-text>`;
  const notice = data.test
    ? `<mj-text font-size="14px" color="${COLOURS.accent}">This is a test copy: it was sent to you alone, and nothing was counted.</mj-text>`
    : '';
  const reason = data.membershipReason;
  const accountUrl = manageEmailsUrl(data.viewUrl);
  const footer = [
    reason === undefined
      ? `<a href="${data.unsubscribeUrl === '<!--unsubscribe-url-->' ? data.unsubscribeUrl : escapeHtml(data.unsubscribeUrl)}" style="color:${COLOURS.inkSoft}">Unsubscribe</a> · ${footerLink(MANAGE_EMAILS_LABEL, accountUrl)}`
      : footerLink(YOUR_ACCOUNT_LABEL, accountUrl),
    escapeHtml(
      reason ?? `You are receiving this because you joined ${ARTIST_NAME}'s mailing list.`,
    ),
    escapeHtml(data.postalAddress).replace(/\n/g, '<br />'),
  ].join('<br />');
  const mjml = layout(
    subject,
    [view, notice, `<mj-text>${data.bodyHtml}</mj-text>`].filter(Boolean).join('\n'),
    footer,
  );
  const text = [
    ...(data.test
      ? ['This is a test copy: it was sent to you alone, and nothing was counted.', '']
      : []),
    `View this email in your browser: ${data.viewUrl}`,
    '',
    data.bodyText.trim(),
    '',
    '--',
    ...(reason === undefined
      ? [
          `Unsubscribe: ${data.unsubscribeUrl}`,
          `${MANAGE_EMAILS_LABEL}: ${accountUrl}`,
          `You are receiving this because you joined ${ARTIST_NAME}'s mailing list.`,
        ]
      : [`${YOUR_ACCOUNT_LABEL}: ${accountUrl}`, reason]),
    data.postalAddress,
  ].join('\n');
  return { subject, mjml, text };
}
