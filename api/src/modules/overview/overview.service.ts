import { Injectable } from '@nestjs/common';
import type { AdminOverview } from '@artist/contracts';
import { Clock } from '../../common/clock.js';
import { countMatching } from '../../lists/list.js';
import { ContactService } from '../contact/index.js';
import { NewsletterService } from '../newsletter/index.js';
import { NotifyService } from '../notify/index.js';
import { OrdersService } from '../orders/index.js';

const WEEK_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * The figures above the dashboard's tabs. Three are the counts of a tab's filter, counted by that
 * tab's own list definition, so a figure always equals what its link opens on.
 */
@Injectable()
export class OverviewService {
  constructor(
    private readonly clock: Clock,
    private readonly orders: OrdersService,
    private readonly contact: ContactService,
    private readonly notify: NotifyService,
    private readonly newsletter: NewsletterService,
  ) {}

  async overview(): Promise<AdminOverview> {
    const weekAgo = new Date(this.clock.now().getTime() - WEEK_MS);
    const [ordersToShip, newMessages, pendingNotifyRequests, signupsThisWeek] = await Promise.all([
      countMatching(this.orders.listDefinition(), { status: 'pending', search: '' }),
      countMatching(this.contact.listDefinition(), { status: 'new', search: '' }),
      countMatching(this.notify.listDefinition(), { status: 'pending', search: '' }),
      this.newsletter.countSignupsSince(weekAgo),
    ]);
    return { ordersToShip, newMessages, pendingNotifyRequests, signupsThisWeek };
  }
}
