import { Injectable } from '@nestjs/common';
import { EarlyAccess } from '../../common/early-access.js';
import { MembershipsService } from './memberships.service.js';

/** A release's early access as her current memberships give it (the most days of any tier). */
@Injectable()
export class MembershipEarlyAccess extends EarlyAccess {
  constructor(private readonly memberships: MembershipsService) {
    super();
  }

  async daysFor(email: string): Promise<number> {
    return (await this.memberships.perksOf(email)).earlyAccessDays;
  }
}
