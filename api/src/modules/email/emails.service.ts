import { Inject, Injectable, NotFoundException, BadRequestException } from '@nestjs/common';
import { DataSource } from 'typeorm';
import {
  EMAIL_LIST_FILTERS,
  type EmailKind,
  type EmailListFilter,
  type EmailSetupStatus,
  type EmailSort,
  type EmailStatus,
  type OutboxEmailDetail,
  type OutboxEmailSummary,
} from '@artist/contracts';
import { Clock } from '../../common/clock.js';
import { filtersByValue, type ListDefinition } from '../../lists/list.js';
import { APP_CONFIG } from '../../config/config.module.js';
import type { AppConfig } from '../../config/env.js';
import { Transactions } from '../../database/transaction.js';
import { MailSender } from './mail-sender.service.js';
import { MjmlCompiler } from './mjml-compiler.js';
import { OutboxEmail } from './outbox-email.entity.js';
import { OutboxService, type EmailLane } from './outbox.service.js';

/** The admin's view of the outbox: list, preview, resend. */
@Injectable()
export class EmailsService {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly dataSource: DataSource,
    private readonly outbox: OutboxService,
    private readonly sender: MailSender,
    private readonly clock: Clock,
    private readonly transactions: Transactions,
    private readonly mjml: MjmlCompiler,
  ) {}

  /** The admin's list of the outbox, newest first by default, without the bodies. */
  listDefinition(): ListDefinition<OutboxEmail, OutboxEmailSummary, EmailListFilter, EmailSort> {
    return {
      repository: this.dataSource.getRepository(OutboxEmail),
      alias: 'e',
      // A campaign's messages are the Campaigns tab's (its counts and recipients); their rows here
      // hold no body until the hand-over fills it in.
      scope: { where: "e.lane = 'transactional'" },
      filters: filtersByValue('e.status', EMAIL_LIST_FILTERS),
      searchColumns: ['toAddress', 'toName', 'subject', 'kind', 'lastError'],
      sorts: {
        createdAt: 'e.createdAt',
        to: 'e.toAddress',
        subject: 'e.subject',
        kind: 'e.kind',
        status: 'e.status',
        attempts: 'e.attempts',
        lastError: 'e.lastError',
        sentAt: 'e.sentAt',
      },
      defaultSort: '-createdAt',
      select: [
        'e.id',
        'e.kind',
        'e.toAddress',
        'e.toName',
        'e.subject',
        'e.status',
        'e.attempts',
        'e.lastError',
        'e.messageId',
        'e.sentAt',
        'e.createdAt',
      ],
      toRow: toSummary,
    };
  }

  async get(id: number): Promise<OutboxEmailDetail> {
    const row = await this.dataSource
      .getRepository(OutboxEmail)
      .findOneBy({ id, lane: 'transactional' });
    if (!row) throw new NotFoundException('Email not found.');
    return {
      ...toSummary(row),
      html: await this.mjml.htmlOf(row),
      text: row.text,
      replyTo: row.replyToAddress,
    };
  }

  /**
   * Sends a failed or sent email again as a new outbox row with the same content and a new
   * Message-ID (a mail system would drop a second message with the first one's ID as a copy),
   * about the same subject.
   */
  async resend(id: number): Promise<OutboxEmailSummary> {
    const created = await this.transactions.run(async (manager) => {
      const row = await manager.findOneBy(OutboxEmail, { id, lane: 'transactional' });
      if (!row) throw new NotFoundException('Email not found.');
      if (row.status !== 'failed' && row.status !== 'sent')
        throw new BadRequestException('Only a failed or sent email can be sent again.');
      const now = this.clock.now().getTime();
      const key = `${row.key.split(':resend:')[0]}:resend:${now}`;
      const queued = await this.outbox.queue(manager, {
        key,
        kind: row.kind as EmailKind,
        about: row.subjectType ? { type: row.subjectType, id: row.subjectId ?? '' } : null,
        to: { address: row.toAddress, name: row.toName },
        subject: row.subject,
        ...(row.mjml === null ? { html: row.html } : { mjml: row.mjml }),
        text: row.text,
        headers: {
          replyTo: row.replyToAddress
            ? { address: row.replyToAddress, name: row.replyToName }
            : undefined,
          listUnsubscribe: row.listUnsubscribe ?? undefined,
        },
        lane: row.lane as EmailLane,
      });
      if (!queued) throw new BadRequestException('This email is already being sent again.');
      return manager.findOneByOrFail(OutboxEmail, { key });
    });
    this.sender.wake();
    return toSummary(created);
  }

  async status(): Promise<EmailSetupStatus> {
    const held = await this.dataSource.getRepository(OutboxEmail).countBy({ status: 'held' });
    return { smtpConfigured: this.config.mail.smtpUrl !== undefined, held };
  }
}

function toSummary(row: OutboxEmail): OutboxEmailSummary {
  return {
    id: row.id,
    kind: row.kind,
    to: row.toAddress,
    toName: row.toName,
    subject: row.subject,
    status: row.status as EmailStatus,
    attempts: row.attempts,
    lastError: row.lastError,
    messageId: row.messageId,
    sentAt: row.sentAt,
    createdAt: row.createdAt,
  };
}
