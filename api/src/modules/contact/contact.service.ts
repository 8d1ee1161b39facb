import { Injectable, NotFoundException } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { In, type Repository } from 'typeorm';
import {
  CONTACT_LIST_FILTERS,
  type ContactMessage as ContactMessageView,
  type ContactStatus,
} from '@artist/contracts';
import { Clock } from '../../common/clock.js';
import { whereSearch } from '../../common/list-query.js';
import { inTransaction } from '../../database/transaction.js';
import { OutboxService } from '../email/outbox.service.js';
import { ContactMessage } from './contact-message.entity.js';
import type { ContactDto } from './dto/contact.dto.js';

export const CONTACT_FILTERS = CONTACT_LIST_FILTERS;
export type ContactFilter = ContactStatus | 'all';

@Injectable()
export class ContactService {
  constructor(
    @InjectRepository(ContactMessage) private readonly messages: Repository<ContactMessage>,
    private readonly clock: Clock,
    private readonly outbox: OutboxService,
  ) {}

  /** Stores the message and, in the same transaction, queues the artist's alert. */
  async create(input: ContactDto): Promise<void> {
    await inTransaction(this.messages.manager.connection, async (manager) => {
      const { identifiers } = await manager.insert(ContactMessage, input);
      await this.outbox.queueContactMessage(manager, identifiers[0].id as number, input);
    });
  }

  async list(filter: ContactFilter = 'all', search = ''): Promise<ContactMessageView[]> {
    const qb = this.messages.createQueryBuilder('m');
    if (filter !== 'all') qb.where('m.status = :filter', { filter });
    whereSearch(qb, ['firstName', 'lastName', 'email', 'subject', 'message'], search);
    const rows = await qb.orderBy('m.createdAt', 'DESC').addOrderBy('m.id', 'DESC').getMany();
    return rows.map(toView);
  }

  /** responded sets respondedAt (keeping an earlier one); new clears it. */
  async setStatus(id: number, status: ContactStatus): Promise<ContactMessageView> {
    const message = await this.messages.findOneBy({ id });
    if (!message) throw new NotFoundException('Message not found.');
    message.status = status;
    message.respondedAt = status === 'responded' ? (message.respondedAt ?? this.clock.now()) : null;
    return toView(await this.messages.save(message));
  }

  async bulkSetStatus(ids: number[], status: ContactStatus): Promise<number> {
    const result = await this.messages.update(
      { id: In([...new Set(ids)]) },
      { status, respondedAt: status === 'responded' ? this.clock.now() : null },
    );
    return result.affected ?? 0;
  }
}

function toView(row: ContactMessage): ContactMessageView {
  return {
    ...row,
    respondedAt: row.respondedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}
