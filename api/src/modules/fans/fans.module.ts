import { Global, Module } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { TypeOrmModule } from '@nestjs/typeorm';
import { FanLinker } from '../../common/fan-linker.js';
import { PersonalDataRegistry } from '../../common/personal-data.js';
import { ContactModule } from '../contact/contact.module.js';
import { NewsletterModule } from '../newsletter/newsletter.module.js';
import { NotifyModule } from '../notify/notify.module.js';
import { OrdersModule } from '../orders/orders.module.js';
import { FanLinkService } from './fan-link.js';
import { Fan } from './fan.entity.js';
import { FanListController, FansController } from './fans.controller.js';
import { FansService } from './fans.service.js';

/** The tables this module owns: registered here, and listed for data sources outside the app. */
export const FANS_ENTITIES = [Fan];

/** The fans: their table, the admin's list of them, and the privacy requests. */
@Global()
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
  providers: [FansService, PersonalDataRegistry, { provide: FanLinker, useClass: FanLinkService }],
  // Global, so the modules whose records name a fan get the linker without importing this one;
  // the accounts module asks FansService for a fan's own export and erasure.
  exports: [FanLinker, FansService],
})
export class FansModule {}
