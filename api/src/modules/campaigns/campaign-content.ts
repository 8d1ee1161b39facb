import { Marked, type Tokens } from 'marked';
import type { CampaignAudience, MembershipPerkMessage } from '@artist/contracts';
import { escapeHtml } from '../../common/strings.js';
import { ARTIST_NAME } from '../../config/env.js';
import { GALLERY_MEDIA_PATH } from '../gallery/index.js';
import type { MjmlCompiler, RenderedEmail } from '../email/index.js';
import { campaignEmailSource } from './emails/campaign.email.js';

/**
 * Where each recipient's unsubscribe link goes in the stored HTML. An HTML comment: the body's
 * Markdown cannot produce one (its raw HTML is escaped), so only this placeholder is replaced.
 */
export const UNSUBSCRIBE_PLACEHOLDER = '<!--unsubscribe-url-->';

const WEB_LINK = /^(https?:\/\/|mailto:)/i;

/**
 * Markdown as the campaign editor takes it (headings, paragraphs, bold, italics, links, lists,
 * images from the gallery), made safe for an email: raw HTML is shown as text, links keep only
 * http(s) and mailto addresses, and images only the site's own gallery, made absolute.
 */
export function markdownToHtml(markdown: string, publicUrl: string): string {
  const marked = new Marked({
    gfm: true,
    async: false,
    renderer: {
      html: ({ text }: Tokens.HTML | Tokens.Tag) => escapeHtml(text),
      link(
        this: { parser: { parseInline(tokens: Tokens.Generic[]): string } },
        token: Tokens.Link,
      ) {
        const label = this.parser.parseInline(token.tokens);
        const href = absolute(token.href, publicUrl);
        if (!href || !WEB_LINK.test(href)) return label;
        return `<a href="${escapeHtml(href)}" style="color:#8a4b14">${label}</a>`;
      },
      image({ href, text }: Tokens.Image) {
        const src = absolute(href, publicUrl);
        if (!src || !src.startsWith(`${publicUrl}${GALLERY_MEDIA_PATH}/`)) return escapeHtml(text);
        return `<img src="${escapeHtml(src)}" alt="${escapeHtml(text)}" style="max-width:100%;height:auto" />`;
      },
    },
  });
  return marked.parse(markdown) as string;
}

function absolute(href: string, publicUrl: string): string | null {
  try {
    return new URL(href, `${publicUrl}/`).href;
  } catch {
    return null;
  }
}

/** Why a member gets a perk's message: it comes with her membership, not the mailing list. */
const PERK_REASONS: Record<MembershipPerkMessage, string> = {
  presale: `You are receiving this because your ${ARTIST_NAME} membership includes presale codes for shows. It comes with your membership, whether or not you are on the mailing list.`,
};

/** The perk a campaign is a message of (its audience's `perk`), or null for the newsletter. */
export const perkOf = (campaign: { audience: string }): MembershipPerkMessage | null =>
  (JSON.parse(campaign.audience) as CampaignAudience).perk ?? null;

/**
 * The campaign's email, the same for every recipient but their unsubscribe link (the placeholder
 * in the HTML; the plain text's footer is added per recipient by `personalText`), compiled by
 * the worker so that a campaign's render never holds the site's requests. A perk's message has
 * no unsubscribe link: its footer says why the member gets it and links to her account.
 */
export async function renderCampaign(
  campaign: { pageId: string; subject: string; body: string; audience: string },
  publicUrl: string,
  postalAddress: string,
  compiler: MjmlCompiler,
  { test = false } = {},
): Promise<RenderedEmail> {
  const perk = perkOf(campaign);
  const { subject, mjml, text } = campaignEmailSource({
    subject: test ? `[Test] ${campaign.subject}` : campaign.subject,
    bodyHtml: markdownToHtml(campaign.body, publicUrl),
    bodyText: campaign.body,
    viewUrl: campaignPageUrl(publicUrl, campaign.pageId),
    unsubscribeUrl: UNSUBSCRIBE_PLACEHOLDER,
    postalAddress,
    test,
    membershipReason: perk === null ? undefined : PERK_REASONS[perk],
  });
  // Compiled once; the worker then ends at once, so mjml's memory is not held beside the list.
  return { subject, html: await compiler.compile(mjml, { endWhenIdle: true }), text };
}

/** One recipient's message: the stored content with their unsubscribe link. */
export function personalise(
  content: { html: string; text: string },
  unsubscribeUrl: string,
): { html: string; text: string } {
  return {
    html: content.html.replaceAll(UNSUBSCRIBE_PLACEHOLDER, escapeHtml(unsubscribeUrl)),
    text: content.text.replaceAll(UNSUBSCRIBE_PLACEHOLDER, unsubscribeUrl),
  };
}

/** The campaign's public page ("view in your browser"), at its unguessable page id. */
export const campaignPageUrl = (publicUrl: string, pageId: string) =>
  `${publicUrl}/api/campaigns/${pageId}`;
