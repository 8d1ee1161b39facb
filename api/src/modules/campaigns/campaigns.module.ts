import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { CatalogModule } from '../catalog/index.js';
import { ContentModule } from '../content/index.js';
import { NewsletterModule } from '../newsletter/index.js';
import { OrdersModule } from '../orders/index.js';
import { PlacesModule } from '../places/index.js';
import { ShowsModule } from '../shows/index.js';
import { AudienceService } from './audience.service.js';
import { BounceService } from './bounce.service.js';
import { CampaignFanData } from './campaign-fan-data.js';
import { CampaignRecipient, CampaignRecord, SuppressionRecord } from './campaign.entity.js';
import { CampaignDelivery } from './campaign-delivery.service.js';
import {
  CampaignListController,
  CampaignPageController,
  CampaignsController,
  SuppressionListController,
  SuppressionsController,
} from './campaigns.controller.js';
import { CampaignsService } from './campaigns.service.js';
import { SuppressionsService } from './suppressions.service.js';
import { EmailWebhooksController } from './webhooks.controller.js';

/** The tables this module owns: registered here, and listed for data sources outside the app. */
export const CAMPAIGNS_ENTITIES = [CampaignRecord, CampaignRecipient, SuppressionRecord];

/** Newsletters and show announcements, their sending, and the suppression list. */
@Module({
  imports: [
    TypeOrmModule.forFeature(CAMPAIGNS_ENTITIES),
    NewsletterModule,
    OrdersModule,
    CatalogModule,
    ShowsModule,
    PlacesModule,
    ContentModule,
  ],
  controllers: [
    CampaignListController,
    CampaignsController,
    SuppressionListController,
    SuppressionsController,
    CampaignPageController,
    EmailWebhooksController,
  ],
  providers: [
    CampaignsService,
    AudienceService,
    SuppressionsService,
    CampaignDelivery,
    BounceService,
    CampaignFanData,
  ],
  exports: [CampaignsService],
})
export class CampaignsModule {}
