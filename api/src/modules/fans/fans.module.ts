import { Module } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { TypeOrmModule } from '@nestjs/typeorm';
import { PersonalDataRegistry } from '../../common/personal-data.js';
import { ContactModule } from '../contact/index.js';
import { NewsletterModule } from '../newsletter/index.js';
import { NotifyModule } from '../notify/index.js';
import { OrdersModule } from '../orders/index.js';
import { Fan } from './fan.entity.js';
import { FanListController, FansController } from './fans.controller.js';
import { FansService } from './fans.service.js';

/** The tables this module owns: registered here, and listed for data sources outside the app. */
export const FANS_ENTITIES = [Fan];

/** The fans: their table, the admin's list of them, and the privacy requests. */
@Module({
  imports: [
    TypeOrmModule.forFeature(FANS_ENTITIES),
    NewsletterModule,
    NotifyModule,
    ContactModule,
    OrdersModule,
    DiscoveryModule,
  ],
  controllers: [FanListController, FansController],
  providers: [FansService, PersonalDataRegistry],
  // The accounts module asks FansService for a fan's own export and erasure. The modules whose
  // records name a fan ask for it by the `AddressSeen` event, which FansService answers.
  exports: [FansService],
})
export class FansModule {}
