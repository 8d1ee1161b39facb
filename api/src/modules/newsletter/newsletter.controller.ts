import { Body, Controller, Get, Post, Put, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import {
  EXPORT_NAMES,
  type BulkUpdateResponse,
  type EmailSignup,
  type FormResponse,
} from '@artist/contracts';
import { flagText } from '../../common/bulk.dto.js';
import { Clock } from '../../common/clock.js';
import { csvFile, toCsv, type CsvColumn } from '../../common/csv.js';
import { ApiListQuery, readListQuery } from '../../common/list-query.js';
import { BulkSignupsDto } from './dto/bulk-signups.dto.js';
import { EmailSignupDto } from './dto/email-signup.dto.js';
import { NewsletterService, SIGNUP_FILTERS } from './newsletter.service.js';
import { RateLimit } from '../rate-limit/rate-limit.guard.js';

export const SIGNUP_MESSAGE = "Welcome to the family! You've successfully signed up for updates";

const columns: CsvColumn<EmailSignup>[] = [
  { header: 'id', value: (s) => s.id },
  { header: 'createdAt', value: (s) => s.createdAt },
  { header: 'email', value: (s) => s.email },
  { header: 'contacted', value: (s) => s.contacted },
  { header: 'contactedAt', value: (s) => s.contactedAt },
];

@ApiTags('newsletter')
@Controller()
export class NewsletterController {
  constructor(
    private readonly newsletter: NewsletterService,
    private readonly clock: Clock,
  ) {}

  /** The same answer for a new and a known address, so the list cannot be probed. */
  @Post('email-signup')
  @RateLimit('email-signup')
  async signUp(@Body() body: EmailSignupDto): Promise<FormResponse> {
    await this.newsletter.signUp(body.email);
    return { success: true, message: SIGNUP_MESSAGE };
  }

  @Get('admin/email-signups')
  @ApiListQuery(SIGNUP_FILTERS)
  list(@Query() query: Record<string, unknown>): Promise<EmailSignup[]> {
    const { status, search } = readListQuery(query, SIGNUP_FILTERS);
    return this.newsletter.list(status, search);
  }

  @Get('admin/email-signups/export')
  @ApiListQuery(SIGNUP_FILTERS)
  async export(@Query() query: Record<string, unknown>) {
    const { status, search } = readListQuery(query, SIGNUP_FILTERS);
    const rows = await this.newsletter.list(status, search);
    return csvFile(EXPORT_NAMES.emailSignups, this.clock.today(), toCsv(columns, rows));
  }

  @Put('admin/email-signups/bulk')
  async bulk(@Body() body: BulkSignupsDto): Promise<BulkUpdateResponse> {
    return { updated: await this.newsletter.bulkUpdate(body.ids, flagText(body.contacted)) };
  }
}
