import { Controller, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import {
  EMAIL_LIST_FILTERS,
  EXPORT_NAMES,
  type EmailSetupStatus,
  type OutboxEmailDetail,
  type OutboxEmailSummary,
} from '@artist/contracts';
import { IdParam } from '../../common/bulk.dto.js';
import { Clock } from '../../common/clock.js';
import { csvFile, toCsv, type CsvColumn } from '../../common/csv.js';
import { ApiListQuery, readListQuery } from '../../common/list-query.js';
import { EmailsService } from './emails.service.js';

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

const columns: CsvColumn<OutboxEmailSummary>[] = [
  { header: 'id', value: (e) => e.id },
  { header: 'createdAt', value: (e) => iso(e.createdAt) },
  { header: 'to', value: (e) => e.to },
  { header: 'subject', value: (e) => e.subject },
  { header: 'kind', value: (e) => e.kind },
  { header: 'status', value: (e) => e.status },
  { header: 'attempts', value: (e) => e.attempts },
  { header: 'lastError', value: (e) => e.lastError },
  { header: 'sentAt', value: (e) => iso(e.sentAt) },
  { header: 'messageId', value: (e) => e.messageId },
];

/** The outbox in the admin (behind the admin guard like every /api/admin route). */
@ApiTags('emails')
@Controller('admin/emails')
export class EmailsController {
  constructor(
    private readonly emails: EmailsService,
    private readonly clock: Clock,
  ) {}

  @Get()
  @ApiListQuery(EMAIL_LIST_FILTERS)
  list(@Query() query: Record<string, unknown>): Promise<OutboxEmailSummary[]> {
    const { status, search } = readListQuery(query, EMAIL_LIST_FILTERS);
    return this.emails.list(status, search);
  }

  @Get('export')
  @ApiListQuery(EMAIL_LIST_FILTERS)
  async export(@Query() query: Record<string, unknown>) {
    const { status, search } = readListQuery(query, EMAIL_LIST_FILTERS);
    const rows = await this.emails.list(status, search);
    return csvFile(EXPORT_NAMES.emails, this.clock.today(), toCsv(columns, rows));
  }

  /** Whether SMTP_URL is set and how many emails are held: the dashboard's banner. */
  @Get('status')
  status(): Promise<EmailSetupStatus> {
    return this.emails.status();
  }

  @Get(':id')
  get(@Param() { id }: IdParam): Promise<OutboxEmailDetail> {
    return this.emails.get(id);
  }

  @Post(':id/resend')
  @HttpCode(201)
  resend(@Param() { id }: IdParam): Promise<OutboxEmailSummary> {
    return this.emails.resend(id);
  }
}
