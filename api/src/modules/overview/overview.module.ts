import { Module } from '@nestjs/common';
import { ContactModule } from '../contact/contact.module.js';
import { NewsletterModule } from '../newsletter/newsletter.module.js';
import { NotifyModule } from '../notify/notify.module.js';
import { OrdersModule } from '../orders/orders.module.js';
import { OverviewController } from './overview.controller.js';
import { OverviewService } from './overview.service.js';

@Module({
  imports: [OrdersModule, ContactModule, NotifyModule, NewsletterModule],
  controllers: [OverviewController],
  providers: [OverviewService],
})
export class OverviewModule {}
