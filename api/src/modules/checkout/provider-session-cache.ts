import { Injectable } from '@nestjs/common';
import { Clock } from '../../common/clock.js';
import { PaymentProvider, type ProviderSession } from './payment-provider.js';

/** How long the provider's answer about a session is reused. */
export const PROVIDER_ANSWER_TTL_MS = 5_000;

/** Beyond this many sessions kept, the answers that have lapsed are dropped on the next ask. */
const PRUNE_ABOVE = 1_000;

/**
 * The payment provider's answer about a checkout session, asked once and reused for a few
 * seconds: the public status check would otherwise make one provider call per request, and
 * Stripe's read limit is shared by the whole shop. Requests for one session at once share the one
 * call in flight; a failed call is not kept, so the next request asks again.
 */
@Injectable()
export class ProviderSessionCache {
  private readonly answers = new Map<
    string,
    { session: Promise<ProviderSession>; until: number }
  >();

  constructor(
    private readonly provider: PaymentProvider,
    private readonly clock: Clock,
  ) {}

  /** @throws PaymentProviderError */
  retrieve(sessionId: string): Promise<ProviderSession> {
    const now = this.clock.now().getTime();
    const kept = this.answers.get(sessionId);
    if (kept && kept.until > now) return kept.session;
    if (this.answers.size > PRUNE_ABOVE) this.prune(now);
    // Kept while in flight; for PROVIDER_ANSWER_TTL_MS once answered.
    const entry = { session: this.provider.retrieveSession(sessionId), until: Infinity };
    this.answers.set(sessionId, entry);
    entry.session.then(
      () => {
        entry.until = this.clock.now().getTime() + PROVIDER_ANSWER_TTL_MS;
      },
      () => {
        if (this.answers.get(sessionId) === entry) this.answers.delete(sessionId);
      },
    );
    return entry.session;
  }

  private prune(now: number): void {
    for (const [id, entry] of this.answers) if (entry.until <= now) this.answers.delete(id);
  }
}
