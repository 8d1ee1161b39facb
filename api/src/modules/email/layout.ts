import { ACCOUNT_PATH } from '@artist/contracts';
import { escapeHtml } from '../../common/strings.js';
import { ARTIST_NAME } from '../../config/env.js';

/**
 * The one look of every email the site sends, for the modules that write them: the layout in
 * MJML, its building blocks (heading, paragraph, button…) and the one-question email
 * (`callToAction`). A template beside its cause composes these and hands the result, still MJML,
 * to `OutboxService.queue`; the sender compiles it to HTML in `MjmlCompiler`'s worker as it hands
 * the email over, so no request waits for mjml and the event loop never loads it.
 */

/** An email's content: its subject, HTML and plain text. */
export interface RenderedEmail {
  subject: string;
  html: string;
  text: string;
}

/** An email whose HTML is still MJML to compile (`MjmlCompiler`, off the event loop). */
export interface MjmlEmail {
  subject: string;
  mjml: string;
  text: string;
}

/** The site's colours (storefront's --paper, --ink, --accent…), for a look that matches it. */
export const COLOURS = {
  paper: '#faf6f0',
  paperAlt: '#f1e8da',
  ink: '#2b2118',
  inkSoft: '#5a4a3c',
  accent: '#8a4b14',
  night: '#1d1611',
  gold: '#e0a458',
};

const FONT = "Georgia, 'Times New Roman', serif";

/** A subject on one line: line breaks and runs of spaces become one space. */
export const oneLine = (value: string) => value.replace(/\s+/g, ' ').trim();

/**
 * MJML sections laid out in the site's look (dark header with the artist's name, paper body,
 * small footer), ready to compile to HTML that Gmail, Apple Mail and Outlook render alike.
 */
export function layout(preview: string, sections: string, footer = ''): string {
  return `<mjml>
  <mj-head>
    <mj-title>${escapeHtml(preview)}</mj-title>
    <mj-preview>${escapeHtml(preview)}</mj-preview>
    <mj-attributes>
      <mj-all font-family="${FONT}" />
      <mj-text color="${COLOURS.ink}" font-size="16px" line-height="1.5" />
      <mj-table color="${COLOURS.ink}" font-size="15px" line-height="1.4" />
      <mj-button background-color="${COLOURS.accent}" color="#ffffff" font-size="16px" border-radius="4px" />
    </mj-attributes>
  </mj-head>
  <mj-body background-color="${COLOURS.paperAlt}" width="600px">
    <mj-section background-color="${COLOURS.night}" padding="20px 24px">
      <mj-column>
        <mj-text color="${COLOURS.gold}" font-size="24px" align="center" letter-spacing="1px">${escapeHtml(ARTIST_NAME)}</mj-text>
      </mj-column>
    </mj-section>
    <mj-section background-color="${COLOURS.paper}" padding="24px 16px">
      <mj-column>
${sections}
      </mj-column>
    </mj-section>
    <mj-section padding="12px 24px">
      <mj-column>
        <mj-text color="${COLOURS.inkSoft}" font-size="13px" align="center">${footer || escapeHtml(ARTIST_NAME)}</mj-text>
      </mj-column>
    </mj-section>
  </mj-body>
</mjml>`;
}

export const heading = (text: string) =>
  `<mj-text font-size="22px" color="${COLOURS.accent}">${escapeHtml(text)}</mj-text>`;
export const paragraph = (text: string) =>
  `<mj-text>${escapeHtml(text).replace(/\n/g, '<br />')}</mj-text>`;
export const divider = () => `<mj-divider border-color="${COLOURS.paperAlt}" border-width="2px" />`;
/** A button to `url`; `label` is the template's own wording, written as it is. */
export const button = (label: string, url: string) =>
  `<mj-button href="${escapeHtml(url)}">${label}</mj-button>`;
/** A footer link in the footer's colour; `label` as for `button`. */
export const footerLink = (label: string, url: string) =>
  `<a href="${escapeHtml(url)}" style="color:${COLOURS.inkSoft}">${label}</a>`;

/** Where a fan chooses which emails she gets: her account, on the site the link leads to. */
export const manageEmailsUrl = (siteLink: string) => `${new URL(siteLink).origin}${ACCOUNT_PATH}`;
export const MANAGE_EMAILS_LABEL = 'Manage your emails';

/** An email that asks one thing of its reader, as HTML and as the same lines of plain text. */
export interface CallToAction {
  subject: string;
  title: string;
  intro: string;
  /** Lines shown between the intro and the button (a cart's items). */
  details?: string[];
  /** The button; the plain text names its link `textLabel` (else `label`). */
  action: { label: string; url: string; textLabel?: string };
  /** The last word, under the button: why it came, or what to do if it was not asked for. */
  closing: string;
  /** A link in the footer (the way out of such emails). */
  footer?: { label: string; url: string };
}

/** Title, intro, the button and the last word; the footer link below. */
export function callToAction(email: CallToAction): MjmlEmail {
  const { subject, title, intro, details, action, closing, footer } = email;
  const mjml = layout(
    subject,
    [
      heading(title),
      paragraph(intro),
      ...(details ? [paragraph(details.join('\n'))] : []),
      button(action.label, action.url),
      paragraph(closing),
    ].join('\n'),
    footer &&
      [
        footerLink(footer.label, footer.url),
        footerLink(MANAGE_EMAILS_LABEL, manageEmailsUrl(footer.url)),
      ].join(' · '),
  );
  const text = [
    title,
    '',
    intro,
    '',
    ...(details ? [...details, ''] : []),
    `${action.textLabel ?? action.label}: ${action.url}`,
    '',
    closing,
    ...(footer
      ? [
          '',
          `${footer.label}: ${footer.url}`,
          `${MANAGE_EMAILS_LABEL}: ${manageEmailsUrl(footer.url)}`,
        ]
      : []),
  ].join('\n');
  return { subject, mjml, text };
}
