import { Global, Module } from '@nestjs/common';
import { SignedInFans } from '../../common/signed-in-fans.js';
import { AccountSessions } from './account-sessions.service.js';

/**
 * The fans' sessions, global so the memberships module (which the accounts module imports)
 * reads the signed-in fan of a request through `SignedInFans`.
 */
@Global()
@Module({
  providers: [AccountSessions, { provide: SignedInFans, useExisting: AccountSessions }],
  exports: [AccountSessions, SignedInFans],
})
export class FanSessionsModule {}
