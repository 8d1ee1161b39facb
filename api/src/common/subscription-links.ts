import { Body, Controller, Inject, Query, Res, type Type } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import {
  htmlPage,
  isTokenShaped,
  LinkButtonRoute,
  linkNotFound,
  linkOutcomePage,
  LinkPageRoute,
  OneClickUnsubscribe,
  requireOneClick,
  unsubscribeLinkPage,
  type LinkOutcome,
} from './link-pages.js';

/**
 * A service of double opt-in subscriptions (the newsletter, back-in-stock alerts) whose emails
 * carry a confirm link and an unsubscribe link.
 */
export interface SubscriptionLinkSource<Unsubscribed> {
  confirmLinkState(token: string): Promise<LinkOutcome | 'valid'>;
  confirm(token: string): Promise<LinkOutcome>;
  /** What the unsubscribed page needs, or a falsy value for a token no row holds. */
  unsubscribe(token: string): Promise<Unsubscribed | null | false>;
}

/** What a kind of subscription says on its links' pages, for `SubscriptionLinksController`. */
export interface SubscriptionLinksOptions<Unsubscribed> {
  /** The links' path under /api, e.g. 'newsletter': `<path>/confirm` and `<path>/unsubscribe`. */
  path: string;
  /** The OpenAPI tag of the routes. */
  tag: string;
  /** The service that confirms and unsubscribes. */
  source: Type<SubscriptionLinkSource<Unsubscribed>>;
  /** The OpenAPI descriptions of the 404 (unknown token) and 410 (used or expired token). */
  notFound: string;
  gone: string;
  /** The unsubscribe link's full path, which its page's button posts to. */
  unsubscribeAction: string;
  pages: {
    /** The confirm link's page, whose button posts the token. */
    confirm: (token: string) => string;
    confirmed: () => string;
    confirmLinkUsed: () => string;
    confirmLinkExpired: () => string;
    /** The unsubscribe link's page, whose button posts the one-click unsubscribe to `action`. */
    unsubscribe: (action: string) => string;
    unsubscribed: (unsubscribed: Unsubscribed) => string;
  };
}

/**
 * The four routes of a subscription's email links: the confirm link's page and its button (only
 * the button, a POST, confirms; a confirm token works once, within 7 days), the unsubscribe link's
 * page and the RFC 8058 one-click unsubscribe its button and mail providers post. A mail scanner
 * that follows a link changes nothing. A kind declares
 * `class XLinksController extends SubscriptionLinksController({...}) {}` and registers it.
 */
export function SubscriptionLinksController<Unsubscribed>(
  options: SubscriptionLinksOptions<Unsubscribed>,
) {
  const { pages } = options;
  const confirmOutcome = (res: Response, outcome: LinkOutcome) =>
    linkOutcomePage(res, outcome, {
      done: pages.confirmed(),
      used: pages.confirmLinkUsed,
      expired: pages.confirmLinkExpired,
    });

  @ApiTags(options.tag)
  @Controller(options.path)
  class SubscriptionLinks {
    constructor(
      @Inject(options.source) private readonly source: SubscriptionLinkSource<Unsubscribed>,
    ) {}

    @LinkPageRoute('confirm', options.notFound, options.gone)
    async confirmPage(
      @Query('token') token: unknown,
      @Res({ passthrough: true }) res: Response,
    ): Promise<string> {
      if (!isTokenShaped(token)) return linkNotFound(res);
      const state = await this.source.confirmLinkState(token);
      if (state !== 'valid') return confirmOutcome(res, state);
      return htmlPage(res, pages.confirm(token));
    }

    @LinkButtonRoute('confirm', options.notFound, options.gone)
    async confirm(
      @Body() body: Record<string, unknown>,
      @Res({ passthrough: true }) res: Response,
    ): Promise<string> {
      const token = body?.token;
      if (!isTokenShaped(token)) return linkNotFound(res);
      return confirmOutcome(res, await this.source.confirm(token));
    }

    @LinkPageRoute('unsubscribe', options.notFound)
    unsubscribePage(
      @Query('token') token: unknown,
      @Res({ passthrough: true }) res: Response,
    ): string {
      return unsubscribeLinkPage(res, token, options.unsubscribeAction, pages.unsubscribe);
    }

    @OneClickUnsubscribe('unsubscribe', options.notFound)
    async unsubscribe(
      @Query('token') token: unknown,
      @Body() body: Record<string, unknown>,
      @Res({ passthrough: true }) res: Response,
    ): Promise<string> {
      requireOneClick(body);
      const unsubscribed = isTokenShaped(token) ? await this.source.unsubscribe(token) : null;
      if (!unsubscribed) return linkNotFound(res);
      return htmlPage(res, pages.unsubscribed(unsubscribed));
    }
  }
  return SubscriptionLinks;
}
