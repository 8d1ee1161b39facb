import { Global, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { EmailListController, EmailsController } from './emails.controller.js';
import { EmailsService } from './emails.service.js';
import { MailQuota } from './mail-quota.entity.js';
import { OutboxEmail } from './outbox-email.entity.js';
import { MailSender } from './mail-sender.service.js';
import { MjmlCompiler } from './mjml-compiler.js';
import { OutboxService } from './outbox.service.js';
import { PreSendChecks } from './pre-send-checks.js';
import { EmailPersonalData } from './email.personal-data.js';

/** The tables this module owns: registered here, and listed for data sources outside the app. */
export const EMAIL_ENTITIES = [OutboxEmail, MailQuota];

/** The outbox and its sender; any module queues emails through OutboxService. */
@Global()
@Module({
  imports: [TypeOrmModule.forFeature(EMAIL_ENTITIES)],
  controllers: [EmailListController, EmailsController],
  providers: [
    OutboxService,
    MailSender,
    EmailsService,
    EmailPersonalData,
    MjmlCompiler,
    PreSendChecks,
  ],
  exports: [OutboxService, MailSender, MjmlCompiler, PreSendChecks],
})
export class EmailModule {}
