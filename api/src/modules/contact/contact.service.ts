import { Inject, Injectable, NotFoundException } from '@nestjs/common';
import { DomainEvents } from '../../common/domain-events.js';
import { InjectRepository } from '@nestjs/typeorm';
import type { EntityManager, Repository } from 'typeorm';
import {
  CONTACT_LIST_FILTERS,
  type ContactListFilter,
  type ContactMessage as ContactMessageView,
  type ContactSort,
  type ContactStatus,
  type ListSelection,
} from '@artist/contracts';
import { Clock } from '../../common/clock.js';
import { recordsOfPerson, type PersonalDataSubject } from '../../common/personal-data.js';
import { filtersByValue, updateSelected, type ListDefinition } from '../../lists/list.js';
import { Transactions } from '../../database/transaction.js';
import { APP_CONFIG } from '../../config/config.module.js';
import type { AppConfig } from '../../config/env.js';
import { OutboxService } from '../email/index.js';
import { artistContactEmail } from './emails/artist-contact.email.js';
import { ContactMessage } from './contact-message.entity.js';
import type { ContactDto } from './dto/contact.dto.js';

@Injectable()
export class ContactService {
  constructor(
    @InjectRepository(ContactMessage) private readonly messages: Repository<ContactMessage>,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly clock: Clock,
    private readonly events: DomainEvents,
    private readonly outbox: OutboxService,
    private readonly transactions: Transactions,
  ) {}

  /** Stores the message and, in the same transaction, queues the artist's alert. */
  async create(input: ContactDto): Promise<void> {
    await this.transactions.run(async (manager) => {
      const fanId = await this.events.fanOf(manager, input.email, this.clock.now());
      const { identifiers } = await manager.insert(ContactMessage, { ...input, fanId });
      const alert = artistContactEmail(this.config, identifiers[0].id as number, input);
      if (alert) await this.outbox.queue(manager, alert);
    });
  }

  /** The admin's list of messages, newest first by default. */
  listDefinition(): ListDefinition<
    ContactMessage,
    ContactMessageView,
    ContactListFilter,
    ContactSort
  > {
    return {
      repository: this.messages,
      alias: 'm',
      filters: filtersByValue('m.status', CONTACT_LIST_FILTERS),
      searchColumns: ['firstName', 'lastName', 'email', 'subject', 'message'],
      sorts: {
        createdAt: 'm.createdAt',
        name: ['LOWER(m.firstName)', 'LOWER(m.lastName)'],
        email: 'm.email',
        subject: 'm.subject',
        status: 'm.status',
      },
      defaultSort: '-createdAt',
      toRow: toView,
    };
  }

  /** responded sets respondedAt (keeping an earlier one); new clears it. */
  async setStatus(id: number, status: ContactStatus): Promise<ContactMessageView> {
    const message = await this.messages.findOneBy({ id });
    if (!message) throw new NotFoundException('Message not found.');
    message.status = status;
    message.respondedAt = status === 'responded' ? (message.respondedAt ?? this.clock.now()) : null;
    return toView(
      await this.transactions.run((manager) => manager.save(message, { transaction: false })),
    );
  }

  /** Sets the status of the chosen messages, or of every message a filter matches. */
  async bulkSetStatus(
    selection: ListSelection<ContactListFilter>,
    status: ContactStatus,
  ): Promise<number> {
    return updateSelected(this.listDefinition(), selection, {
      status,
      respondedAt: status === 'responded' ? this.clock.now() : null,
    });
  }

  /** The person's messages, newest first (see `recordsOfPerson`), for their history. */
  recordsOf(manager: EntityManager, person: PersonalDataSubject): Promise<ContactMessage[]> {
    return recordsOfPerson(manager, ContactMessage, 'm', person);
  }
}

function toView(row: ContactMessage): ContactMessageView {
  return {
    ...row,
    respondedAt: row.respondedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}
