import { Injectable } from '@nestjs/common';
import { NewsletterService } from '../newsletter/index.js';
import { CampaignsService } from './campaigns.service.js';
import { SuppressionsService } from './suppressions.service.js';

/** Hard bounces and complaints reported by a provider: suppressed, and counted on the campaign. */
@Injectable()
export class BounceService {
  constructor(
    private readonly suppressions: SuppressionsService,
    private readonly campaigns: CampaignsService,
    private readonly newsletter: NewsletterService,
  ) {}

  async bounce(email: string, detail: string, messageId?: string): Promise<void> {
    const campaignId = await this.campaigns.countOnLatest(email, 'bounced', messageId);
    await this.suppressions.add(email, 'bounce', detail, campaignId);
  }

  /** A complaint also unsubscribes the address. */
  async complaint(email: string, detail: string, messageId?: string): Promise<void> {
    const campaignId = await this.campaigns.countOnLatest(email, 'complained', messageId);
    await this.suppressions.add(email, 'complaint', detail, campaignId);
    await this.newsletter.unsubscribeAddress(email);
  }
}
