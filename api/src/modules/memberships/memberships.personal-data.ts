import {
  addEmailSubjects,
  deletedRows,
  PersonalDataProvider,
  recordsOfPerson,
  type PersonalData,
  type PersonalDataSubject,
  type PersonalDataTrail,
  type PersonalRows,
} from '../../common/personal-data.js';
import { BadGatewayException } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { PaymentProvider, PaymentProviderError } from '../checkout/index.js';
import { Membership } from './membership.entity.js';

/**
 * A fan's memberships, in her export; erasing her cancels at Stripe every membership that has
 * not ended (`DELETE /v1/subscriptions/:id`), so she is charged no more, then deletes them. A
 * cancellation Stripe refuses undoes the whole erasure. Income rows name no one and stay.
 */
@PersonalDataProvider()
export class MembershipsPersonalData implements PersonalData {
  readonly tables = ['memberships'];
  readonly stage = 'records';

  constructor(private readonly provider: PaymentProvider) {}

  async find(
    manager: EntityManager,
    subject: PersonalDataSubject,
    trail: PersonalDataTrail,
  ): Promise<PersonalRows> {
    const rows = await recordsOfPerson(manager, Membership, 'r', subject);
    for (const row of rows) if (row.email) trail.addresses.add(row.email);
    addEmailSubjects(trail, 'membership', ...rows.map((row) => row.id));
    const deleted = deletedRows(Membership, 'memberships', rows, 'membershipsDeleted');
    return {
      sections: deleted.sections,
      erase: async (on) => {
        for (const row of rows) {
          if (row.status !== 'ended') await this.cancel(row.subscriptionId);
        }
        return deleted.erase(on);
      },
    };
  }

  private async cancel(subscriptionId: string): Promise<void> {
    try {
      await this.provider.cancelSubscription(subscriptionId);
    } catch (error) {
      if (!(error instanceof PaymentProviderError)) throw error;
      throw new BadGatewayException(
        'Stripe could not cancel the fan’s membership, so nothing was erased. Please try again in a moment.',
        { cause: error },
      );
    }
  }
}
