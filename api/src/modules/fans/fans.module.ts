import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { CampaignsModule } from '../campaigns/campaigns.module.js';
import { ContactModule } from '../contact/contact.module.js';
import { NewsletterModule } from '../newsletter/newsletter.module.js';
import { NotifyModule } from '../notify/notify.module.js';
import { ReleasesModule } from '../releases/releases.module.js';
import { Fan } from './fan.entity.js';
import { FansController } from './fans.controller.js';
import { FansService } from './fans.service.js';

@Module({
  imports: [
    TypeOrmModule.forFeature([Fan]),
    NewsletterModule,
    NotifyModule,
    ContactModule,
    ReleasesModule,
    CampaignsModule,
  ],
  controllers: [FansController],
  providers: [FansService],
})
export class FansModule {}
