import { Body, Controller, Get, Param, Post, Put, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import {
  EXPORT_NAMES,
  type BulkUpdateResponse,
  type ContactMessage,
  type FormResponse,
} from '@artist/contracts';
import { IdParam } from '../../common/bulk.dto.js';
import { Clock } from '../../common/clock.js';
import { csvFile, toCsv, type CsvColumn } from '../../common/csv.js';
import { ApiListQuery, readListQuery } from '../../common/list-query.js';
import { CONTACT_FILTERS, ContactService } from './contact.service.js';
import { BulkContactStatusDto, ContactStatusDto } from './dto/contact-status.dto.js';
import { ContactDto } from './dto/contact.dto.js';
import { RateLimit } from '../rate-limit/rate-limit.guard.js';

const columns: CsvColumn<ContactMessage>[] = [
  { header: 'id', value: (m) => m.id },
  { header: 'createdAt', value: (m) => m.createdAt },
  { header: 'firstName', value: (m) => m.firstName },
  { header: 'lastName', value: (m) => m.lastName },
  { header: 'email', value: (m) => m.email },
  { header: 'subject', value: (m) => m.subject },
  { header: 'message', value: (m) => m.message },
  { header: 'status', value: (m) => m.status },
  { header: 'respondedAt', value: (m) => m.respondedAt },
];

@ApiTags('contact')
@Controller()
export class ContactController {
  constructor(
    private readonly contact: ContactService,
    private readonly clock: Clock,
  ) {}

  @Post('contact')
  @RateLimit('contact')
  async create(@Body() body: ContactDto): Promise<FormResponse> {
    await this.contact.create(body);
    return {
      success: true,
      message: "Message sent! Thanks for reaching out. I'll get back to you soon.",
    };
  }

  @Get('admin/contact-messages')
  @ApiListQuery(CONTACT_FILTERS)
  list(@Query() query: Record<string, unknown>): Promise<ContactMessage[]> {
    const { status, search } = readListQuery(query, CONTACT_FILTERS);
    return this.contact.list(status, search);
  }

  @Get('admin/contact-messages/export')
  @ApiListQuery(CONTACT_FILTERS)
  async export(@Query() query: Record<string, unknown>) {
    const { status, search } = readListQuery(query, CONTACT_FILTERS);
    const rows = await this.contact.list(status, search);
    return csvFile(EXPORT_NAMES.contactMessages, this.clock.today(), toCsv(columns, rows));
  }

  /** Declared before `:id` so "bulk" is not read as an id. */
  @Put('admin/contact-messages/bulk')
  async bulk(@Body() body: BulkContactStatusDto): Promise<BulkUpdateResponse> {
    return { updated: await this.contact.bulkSetStatus(body.ids, body.status) };
  }

  @Put('admin/contact-messages/:id')
  setStatus(@Param() { id }: IdParam, @Body() body: ContactStatusDto): Promise<ContactMessage> {
    return this.contact.setStatus(id, body.status);
  }
}
