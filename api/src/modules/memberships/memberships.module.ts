import { Global, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { BillingEvents } from '../../common/billing-events.js';
import { EarlyAccess } from '../../common/early-access.js';
import { CheckoutModule } from '../checkout/index.js';
import { MembershipCheckout } from './membership-checkout.entity.js';
import { MembershipEvent } from './membership-event.entity.js';
import { MembershipPayment } from './membership-payment.entity.js';
import { MembershipTierRecord } from './membership-tier.entity.js';
import { Membership } from './membership.entity.js';
import {
  MemberListController,
  MembersController,
  MembershipsController,
  MembershipTiersAdminController,
} from './memberships.controller.js';
import { MembershipEarlyAccess } from './membership-early-access.js';
import { MembershipsPersonalData } from './memberships.personal-data.js';
import { MembershipsService } from './memberships.service.js';

/** The tables this module owns: registered here, and listed for data sources outside the app. */
export const MEMBERSHIPS_ENTITIES = [
  MembershipTierRecord,
  Membership,
  MembershipEvent,
  MembershipPayment,
  MembershipCheckout,
];

/**
 * Memberships on Stripe Billing: tiers, joining through Stripe Checkout, the members Stripe's
 * events make, and what the artist sees of them. Global, so the checkout module's webhook gets
 * `BillingEvents` without importing this module (which imports it, for its payment provider),
 * and the doors to a release before its date (catalog's previews, releases' links and codes)
 * get its members' `EarlyAccess`.
 */
@Global()
@Module({
  imports: [TypeOrmModule.forFeature(MEMBERSHIPS_ENTITIES), CheckoutModule],
  controllers: [
    MemberListController,
    MembersController,
    MembershipTiersAdminController,
    MembershipsController,
  ],
  providers: [
    MembershipsService,
    MembershipsPersonalData,
    { provide: BillingEvents, useExisting: MembershipsService },
    { provide: EarlyAccess, useClass: MembershipEarlyAccess },
  ],
  exports: [MembershipsService, BillingEvents, EarlyAccess],
})
export class MembershipsModule {}
