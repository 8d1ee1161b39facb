import type { EntityManager } from 'typeorm';
import {
  addEmailSubjects,
  PersonalDataProvider,
  type PersonalData,
  type PersonalDataSubject,
  type PersonalDataTrail,
} from '../../common/personal-data.js';
import { AccountSessions } from './account-sessions.service.js';
import { PasskeysStore } from './passkeys.store.js';
import { SignInService } from './sign-in.service.js';

/**
 * A fan's account: her signed-in browsers (ended by erasure), her passkeys (deleted) and the
 * sign-in code last asked for with her address (deleted, with the emails that carried it).
 */
@PersonalDataProvider()
export class AccountsPersonalData implements PersonalData {
  readonly tables = ['account_sessions', 'account_passkeys', 'account_sign_in_codes'];
  readonly stage = 'records';

  constructor(
    private readonly sessions: AccountSessions,
    private readonly passkeys: PasskeysStore,
    private readonly signIn: SignInService,
  ) {}

  async find(manager: EntityManager, subject: PersonalDataSubject, trail: PersonalDataTrail) {
    const sessions = await this.sessions.of(manager, subject.id, subject.email);
    const passkeys = await this.passkeys.of(manager, subject.id);
    const codes = await this.signIn.codesOf(manager, subject.email);
    addEmailSubjects(trail, 'sign-in-code', ...codes.map((c) => c.id));
    addEmailSubjects(trail, 'account', subject.id);
    return {
      sections: {
        account_sessions: sessions,
        account_passkeys: passkeys,
        account_sign_in_codes: codes,
      },
      erase: async (m: EntityManager) => {
        await this.signIn.forget(m, codes);
        return {
          accountSessionsEnded: await this.sessions.endAll(m, sessions),
          passkeysDeleted: await this.passkeys.remove(m, passkeys),
        };
      },
    };
  }
}
