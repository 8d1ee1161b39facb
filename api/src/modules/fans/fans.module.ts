import { Module } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { TypeOrmModule } from '@nestjs/typeorm';
import { PersonalDataRegistry } from '../../common/personal-data.js';
import { ContactModule } from '../contact/contact.module.js';
import { NewsletterModule } from '../newsletter/newsletter.module.js';
import { NotifyModule } from '../notify/notify.module.js';
import { OrdersModule } from '../orders/orders.module.js';
import { Fan } from './fan.entity.js';
import { FansController } from './fans.controller.js';
import { FansService } from './fans.service.js';

@Module({
  imports: [
    TypeOrmModule.forFeature([Fan]),
    NewsletterModule,
    NotifyModule,
    ContactModule,
    OrdersModule,
    DiscoveryModule,
  ],
  controllers: [FansController],
  providers: [FansService, PersonalDataRegistry],
})
export class FansModule {}
