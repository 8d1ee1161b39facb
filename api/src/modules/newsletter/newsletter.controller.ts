import { Body, Controller, Get, HttpCode, Param, Post, Put, Query, Res } from '@nestjs/common';
import { ApiResponse, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import {
  EXPORT_NAMES,
  type BulkUpdateResponse,
  type EmailSignup,
  type FormResponse,
  type ListPage,
  type SignupListFilter,
} from '@artist/contracts';
import { flagText, IdParam } from '../../lists/bulk.dto.js';
import { Clock } from '../../common/clock.js';
import { csvColumns, csvFile, type CsvColumn } from '../../lists/csv.js';
import { listPage, streamCsv } from '../../lists/list.js';
import { SignupExportQueryDto, SignupListQueryDto } from './dto/signup-list-query.dto.js';
import { BulkSignupsDto } from './dto/bulk-signups.dto.js';
import { EmailSignupDto } from './dto/email-signup.dto.js';
import {
  NEWSLETTER_CONFIRM_PATH,
  NEWSLETTER_RESUBSCRIBE_PATH,
  NEWSLETTER_UNSUBSCRIBE_PATH,
} from './newsletter-links.js';
import {
  isTokenShaped,
  LinkButtonRoute,
  linkNotFound,
  linkOutcomePage,
} from '../../common/link-pages.js';
import { SubscriptionLinksController } from '../../common/subscription-links.js';
import {
  confirmedPage,
  confirmLinkExpiredPage,
  confirmLinkUsedPage,
  confirmPage,
  resubscribeLinkGonePage,
  resubscribeSentPage,
  unsubscribedPage,
  unsubscribePage,
} from './newsletter.pages.js';
import { NewsletterService } from './newsletter.service.js';
import { PublicFormRoute } from '../rate-limit/index.js';
import { AdminOnly } from '../../common/admin-only.js';

/** The answer to a signup: the address joins the list once it follows the confirmation email's link. */
export const SIGNUP_MESSAGE = 'Almost there: check your inbox to confirm';

const columns: CsvColumn<EmailSignup>[] = [
  ...csvColumns<EmailSignup>(
    'id',
    'createdAt',
    'email',
    'contacted',
    'contactedAt',
    'subscription',
  ),
  { header: 'confirmedAt', value: (s) => isoOrEmpty(s.confirmedAt) },
  { header: 'unsubscribedAt', value: (s) => isoOrEmpty(s.unsubscribedAt) },
];

/** The descriptions of the link routes' 404 and 410 in the API's documentation. */
const NOT_VALID_LINK = 'An unknown or malformed token: a "link is not valid" page';
const USED_LINK = 'A used or expired token: a page saying which';

const isoOrEmpty = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

/** The confirm and unsubscribe links of the newsletter's emails. */
export class NewsletterLinksController extends SubscriptionLinksController({
  path: 'newsletter',
  tag: 'newsletter',
  source: NewsletterService,
  notFound: NOT_VALID_LINK,
  gone: USED_LINK,
  unsubscribeAction: NEWSLETTER_UNSUBSCRIBE_PATH,
  pages: {
    confirm: (token) => confirmPage(NEWSLETTER_CONFIRM_PATH, token),
    confirmed: confirmedPage,
    confirmLinkUsed: confirmLinkUsedPage,
    confirmLinkExpired: confirmLinkExpiredPage,
    unsubscribe: unsubscribePage,
    // The page that offers to subscribe again, with the one-time token its button posts.
    unsubscribed: (resubscribeToken) =>
      unsubscribedPage(NEWSLETTER_RESUBSCRIBE_PATH, resubscribeToken),
  },
}) {}

@ApiTags('newsletter')
@Controller()
export class NewsletterController {
  constructor(
    private readonly newsletter: NewsletterService,
    private readonly clock: Clock,
  ) {}

  /** The same answer for a new and a known address, so the list cannot be probed. */
  @PublicFormRoute('email-signup')
  async signUp(@Body() body: EmailSignupDto): Promise<FormResponse> {
    await this.newsletter.signUp(body.email, body.location || undefined);
    return { success: true, message: SIGNUP_MESSAGE };
  }

  @Get('admin/email-signups')
  @AdminOnly()
  list(@Query() query: SignupListQueryDto): Promise<ListPage<EmailSignup, SignupListFilter>> {
    return listPage(this.newsletter.listDefinition(), query);
  }

  /** Leaves unsubscribed addresses out unless `includeUnsubscribed=true` or asked for by status. */
  @Get('admin/email-signups/export')
  @AdminOnly()
  export(@Query() query: SignupExportQueryDto) {
    const definition = this.newsletter.listDefinition({
      withUnsubscribed: query.includeUnsubscribed === 'true',
      status: query.status,
    });
    return csvFile(
      EXPORT_NAMES.emailSignups,
      this.clock.today(),
      streamCsv(definition, query, columns),
    );
  }

  /**
   * The unsubscribed page's "Subscribe again" button: its one-time token has a confirmation email
   * sent to the address, which rejoins the list only by that email's link.
   */
  @LinkButtonRoute(
    'newsletter/resubscribe',
    'An unknown or malformed token',
    'A used or expired token',
  )
  async resubscribe(
    @Body() body: Record<string, unknown>,
    @Res({ passthrough: true }) res: Response,
  ): Promise<string> {
    const token = body?.token;
    if (!isTokenShaped(token)) return linkNotFound(res);
    return linkOutcomePage(res, await this.newsletter.resubscribe(token), {
      done: resubscribeSentPage(),
      used: resubscribeLinkGonePage,
      expired: resubscribeLinkGonePage,
    });
  }

  /**
   * The artist re-adds an address (unconfirmed or unsubscribed): it is sent a confirmation email
   * and rejoins the list when it confirms.
   */
  @Post('admin/email-signups/:id/confirmation')
  @AdminOnly()
  @HttpCode(201)
  @ApiResponse({
    status: 400,
    description: 'Already confirmed, or the mailbox had its emails today',
  })
  async sendConfirmation(@Param() { id }: IdParam): Promise<FormResponse> {
    await this.newsletter.sendConfirmationFromAdmin(id);
    return { success: true, message: 'A confirmation email is on its way to this address.' };
  }

  @Put('admin/email-signups/bulk')
  @AdminOnly()
  async bulk(@Body() body: BulkSignupsDto): Promise<BulkUpdateResponse> {
    return { updated: await this.newsletter.bulkUpdate(body, flagText(body.contacted)) };
  }
}
