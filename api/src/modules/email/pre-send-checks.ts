import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';

/** What a pre-send check sees of a bulk email: its row, without the content. */
export interface DueEmail {
  id: number;
  key: string;
  kind: string;
  subjectType: string | null;
  subjectId: string | null;
  toAddress: string;
  messageId: string;
  listUnsubscribe: string | null;
  attempts: number;
  createdAt: number;
}

/** The parts of a message filled in at hand-over, over what the row holds. */
export interface HandOverParts {
  subject?: string;
  html?: string;
  text?: string;
  /** List-Unsubscribe (with List-Unsubscribe-Post: One-Click); null for none. */
  listUnsubscribe?: string | null;
  /** List-Id. */
  listId?: { url: string; comment: string };
}

/**
 * What a check decides just before the hand-over:
 * - `send`: hand it over now, with these parts;
 * - `skip`: it is not to go (the reason is given to `settled`), and it leaves the outbox;
 * - `later`: not now (its owner paused it): the claim is given back, the attempt uncounted;
 * - `drop`: its owner is gone or withdrew it: it leaves the outbox, and nothing is settled.
 */
export type PreSendDecision =
  { send: HandOverParts } | { skip: string } | { later: true } | { drop: true };

/** How a bulk email ended: handed to the SMTP server, refused for good or expired, or skipped. */
export interface BulkOutcome {
  email: DueEmail;
  outcome: 'sent' | 'failed' | 'skipped';
  /** The SMTP server's answer of a failure, or the skip's reason. */
  reason: string | null;
  /** A 5xx: the address refused the message (a hard bounce). */
  permanent: boolean;
}

/** What one claimed batch shares among its checks: values read once, or again after `maxAgeMs`. */
export class BatchMemo {
  private readonly values = new Map<string, { at: number; value: Promise<unknown> }>();

  get<T>(key: string, load: () => Promise<T>, maxAgeMs = Infinity): Promise<T> {
    const kept = this.values.get(key);
    if (kept && Date.now() - kept.at <= maxAgeMs) return kept.value as Promise<T>;
    const value = load();
    this.values.set(key, { at: Date.now(), value });
    return value;
  }
}

/**
 * What the module owning a kind of bulk email says about it. `check` runs in the sender's lane
 * just before that email's own SMTP transaction (nothing else waits between them); `settled` runs
 * inside the transaction that records a batch's outcomes, so the owner's record of them commits
 * with the outbox's.
 */
export interface BulkKind {
  check(email: DueEmail, batch: BatchMemo): Promise<PreSendDecision>;
  settled(manager: EntityManager, outcomes: BulkOutcome[]): Promise<void>;
}

/**
 * The checks of bulk emails, by kind, registered by the modules that queue them (the email module
 * knows none of them), and the addresses whose check and hand-over are under way on this
 * instance, so an owner can wait for a hand-over to end (an unsubscribe is answered only once no
 * message checked before it is still being handed over).
 */
@Injectable()
export class PreSendChecks {
  private readonly kinds = new Map<string, BulkKind>();
  private readonly handingOver = new Map<string, Promise<void>>();

  register(kind: string, handler: BulkKind): void {
    this.kinds.set(kind, handler);
  }

  of(kind: string): BulkKind | undefined {
    return this.kinds.get(kind);
  }

  /** Marks a hand-over to `address` under way until the returned function is called. */
  begin(address: string): () => void {
    let end = () => {};
    const handOver = new Promise<void>((resolve) => (end = resolve));
    this.handingOver.set(address, handOver);
    return () => {
      if (this.handingOver.get(address) === handOver) this.handingOver.delete(address);
      end();
    };
  }

  /**
   * Resolves once no message to this address is being checked or handed over here, or after
   * `waitMs` at most, so a hung SMTP server does not hold the caller.
   */
  async handedOver(address: string, waitMs: number): Promise<void> {
    const handOver = this.handingOver.get(address);
    if (!handOver) return;
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      handOver,
      new Promise<void>((resolve) => (timer = setTimeout(resolve, waitMs))),
    ]);
    clearTimeout(timer);
  }
}
