import { Module } from '@nestjs/common';
import { ContactModule } from '../contact/index.js';
import { NewsletterModule } from '../newsletter/index.js';
import { NotifyModule } from '../notify/index.js';
import { OrdersModule } from '../orders/index.js';
import { OverviewController } from './overview.controller.js';
import { OverviewService } from './overview.service.js';

@Module({
  imports: [OrdersModule, ContactModule, NotifyModule, NewsletterModule],
  controllers: [OverviewController],
  providers: [OverviewService],
})
export class OverviewModule {}
