import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { CampaignsModule } from '../campaigns/index.js';
import { ShowsModule } from '../shows/index.js';
import { PresalesController } from './presales.controller.js';
import { PresalesService } from './presales.service.js';
import { ShowPresaleRecord } from './show-presale.entity.js';

/** The tables this module owns: registered here, and listed for data sources outside the app. */
export const PRESALES_ENTITIES = [ShowPresaleRecord];

/**
 * Members' presale codes for shows, sent through campaigns (their `members` audience, which
 * reads the memberships module): a module of its own, above both.
 */
@Module({
  imports: [TypeOrmModule.forFeature(PRESALES_ENTITIES), CampaignsModule, ShowsModule],
  controllers: [PresalesController],
  providers: [PresalesService],
})
export class PresalesModule {}
