import { Global, Module } from '@nestjs/common';
import { EmailsController } from './emails.controller.js';
import { EmailsService } from './emails.service.js';
import { MailSender } from './mail-sender.service.js';
import { OutboxService } from './outbox.service.js';
import { EmailPersonalData } from './email.personal-data.js';

/** The outbox and its sender; any module queues emails through OutboxService. */
@Global()
@Module({
  controllers: [EmailsController],
  providers: [OutboxService, MailSender, EmailsService, EmailPersonalData],
  exports: [OutboxService, MailSender],
})
export class EmailModule {}
