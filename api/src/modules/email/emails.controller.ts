import { Get, HttpCode, Param, Post } from '@nestjs/common';
import {
  EMAIL_LIST_FILTERS,
  EMAIL_SORTS,
  EXPORT_NAMES,
  type EmailSetupStatus,
  type OutboxEmailDetail,
  type OutboxEmailSummary,
} from '@artist/contracts';
import { AdminListController } from '../../lists/admin-list.controller.js';
import { IdParam } from '../../lists/bulk.dto.js';
import { csvColumns, type CsvColumn } from '../../lists/csv.js';
import { EmailsService } from './emails.service.js';
import { AdminController } from '../../common/admin-only.js';

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

const columns: CsvColumn<OutboxEmailSummary>[] = [
  { header: 'id', value: (e) => e.id },
  { header: 'createdAt', value: (e) => iso(e.createdAt) },
  ...csvColumns<OutboxEmailSummary>('to', 'subject', 'kind', 'status', 'attempts', 'lastError'),
  { header: 'sentAt', value: (e) => iso(e.sentAt) },
  { header: 'messageId', value: (e) => e.messageId },
];

/** The outbox's list; registered before EmailsController, whose `:id` would take "export". */
export class EmailListController extends AdminListController({
  path: 'admin/emails',
  tag: 'emails',
  source: EmailsService,
  filters: EMAIL_LIST_FILTERS,
  sorts: EMAIL_SORTS,
  columns,
  exportName: EXPORT_NAMES.emails,
}) {}

/** The outbox in the admin (behind the admin guard like every /api/admin route). */
@AdminController('admin/emails', 'emails')
export class EmailsController {
  constructor(private readonly emails: EmailsService) {}

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
