import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { FansModule } from '../fans/index.js';
import { MembershipsModule } from '../memberships/index.js';
import { NewsletterModule } from '../newsletter/index.js';
import { NotifyModule } from '../notify/index.js';
import { OrdersModule } from '../orders/index.js';
import { ReleasesModule } from '../releases/index.js';
import { FanSession, Passkey, PasskeyChallenge, SignInCode } from './account.entity.js';
import { AccountController } from './account.controller.js';
import { AccountService } from './account.service.js';
import { AccountsPersonalData } from './accounts.personal-data.js';
import { FanSessionGuard } from './fan-session.guard.js';
import { FanSessionsModule } from './fan-sessions.module.js';
import { PasskeysService } from './passkeys.service.js';
import { PasskeysStore } from './passkeys.store.js';
import { SignInController } from './sign-in.controller.js';
import { SignInService } from './sign-in.service.js';

/** The tables this module owns: registered here, and listed for data sources outside the app. */
export const ACCOUNTS_ENTITIES = [SignInCode, FanSession, Passkey, PasskeyChallenge];

/**
 * The fans' accounts (`/api/account`): sign-in by emailed code or link, or passkey; the fan's
 * session, kept apart from the admin's; her orders, library, preferences and data.
 */
@Module({
  imports: [
    TypeOrmModule.forFeature(ACCOUNTS_ENTITIES),
    FanSessionsModule,
    FansModule,
    MembershipsModule,
    NewsletterModule,
    NotifyModule,
    OrdersModule,
    ReleasesModule,
  ],
  controllers: [SignInController, AccountController],
  providers: [
    SignInService,
    AccountService,
    PasskeysStore,
    PasskeysService,
    FanSessionGuard,
    AccountsPersonalData,
  ],
})
export class AccountsModule {}
