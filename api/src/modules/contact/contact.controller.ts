import { Body, Controller, Param, Put } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import {
  CONTACT_LIST_FILTERS,
  CONTACT_SORTS,
  EXPORT_NAMES,
  type BulkUpdateResponse,
  type ContactMessage,
  type FormResponse,
} from '@artist/contracts';
import { AdminListController } from '../../lists/admin-list.controller.js';
import { IdParam } from '../../lists/bulk.dto.js';
import { csvColumns } from '../../lists/csv.js';
import { ContactService } from './contact.service.js';
import { BulkContactStatusDto, ContactStatusDto } from './dto/contact-status.dto.js';
import { ContactDto } from './dto/contact.dto.js';
import { PublicFormRoute } from '../rate-limit/index.js';
import { AdminOnly } from '../../common/admin-only.js';

const columns = csvColumns<ContactMessage>(
  'id',
  'createdAt',
  'firstName',
  'lastName',
  'email',
  'subject',
  'message',
  'status',
  'respondedAt',
);

export class ContactListController extends AdminListController({
  path: 'admin/contact-messages',
  tag: 'contact',
  source: ContactService,
  filters: CONTACT_LIST_FILTERS,
  sorts: CONTACT_SORTS,
  columns,
  exportName: EXPORT_NAMES.contactMessages,
}) {}

@ApiTags('contact')
@Controller()
export class ContactController {
  constructor(private readonly contact: ContactService) {}

  @PublicFormRoute('contact')
  async create(@Body() body: ContactDto): Promise<FormResponse> {
    await this.contact.create(body);
    return {
      success: true,
      message: "Message sent! Thanks for reaching out. I'll get back to you soon.",
    };
  }

  /** Declared before `:id` so "bulk" is not read as an id. */
  @Put('admin/contact-messages/bulk')
  @AdminOnly()
  async bulk(@Body() body: BulkContactStatusDto): Promise<BulkUpdateResponse> {
    return { updated: await this.contact.bulkSetStatus(body, body.status) };
  }

  @Put('admin/contact-messages/:id')
  @AdminOnly()
  setStatus(@Param() { id }: IdParam, @Body() body: ContactStatusDto): Promise<ContactMessage> {
    return this.contact.setStatus(id, body.status);
  }
}
