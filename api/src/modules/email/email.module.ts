import { Global, Module } from '@nestjs/common';
import { MailSender } from './mail-sender.service.js';
import { OutboxService } from './outbox.service.js';

/** The outbox and its sender; any module queues emails through OutboxService. */
@Global()
@Module({
  providers: [OutboxService, MailSender],
  exports: [OutboxService, MailSender],
})
export class EmailModule {}
