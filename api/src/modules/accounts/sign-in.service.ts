import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { BadRequestException, Inject, Injectable } from '@nestjs/common';
import { DataSource, In, type EntityManager } from 'typeorm';
import {
  ACCOUNT_CODE_ENDED_MESSAGE,
  ACCOUNT_CODE_MINUTES,
  ACCOUNT_CODE_TRIES,
  ACCOUNT_CODE_WRONG_MESSAGE,
  ACCOUNT_LINK_WRONG_MESSAGE,
  ACCOUNT_VERIFY_BODY_MESSAGE,
  ERASED,
  WALK_UP_EMAIL,
} from '@artist/contracts';
import { Clock } from '../../common/clock.js';
import { DomainEvents } from '../../common/domain-events.js';
import { normaliseEmail } from '../../common/strings.js';
import { APP_CONFIG } from '../../config/config.module.js';
import type { AppConfig } from '../../config/env.js';
import { Transactions } from '../../database/transaction.js';
import { OutboxService } from '../email/index.js';
import { accountSignInEmail } from './emails/account-sign-in.email.js';
import { SignInCode } from './account.entity.js';
import { AccountSessions } from './account-sessions.service.js';
import { digest, newSecret } from './fan-session.js';

const CODE_MS = ACCOUNT_CODE_MINUTES * 60_000;
const CODE = /^\d{6}$/;

/** Thrown inside the request's transaction to undo it: the mailbox has had its emails today. */
class MailboxFull extends Error {}

/**
 * Passwordless sign-in: a 6-digit code and a one-click link emailed to the address, working once
 * for ACCOUNT_CODE_MINUTES, each new request replacing the last; the right one starts a session.
 */
@Injectable()
export class SignInService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly transactions: Transactions,
    private readonly clock: Clock,
    private readonly outbox: OutboxService,
    private readonly events: DomainEvents,
    private readonly sessions: AccountSessions,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /**
   * Makes and emails a new code and link, replacing the address's last ones. Answers the same
   * whatever happens: when the mailbox has had its stranger-caused emails for the day nothing is
   * sent, and the last code keeps working.
   */
  async request(email: string): Promise<void> {
    const key = normaliseEmail(email);
    if (key === WALK_UP_EMAIL || key === ERASED) return;
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    const token = newSecret();
    const now = this.clock.now().getTime();
    try {
      await this.transactions.withNamedLock(`account-sign-in:${digest(key)}`, (locked) =>
        this.transactions.run(locked, async (manager) => {
          // One row per address, written over in one statement: a delete and an insert would
          // lock the gaps of the unique index, and requests for other addresses deadlock on them.
          const tokenHash = digest(token);
          const row = {
            email: key,
            codeHash: this.codeHash(tokenHash, code),
            tokenHash,
            expiresAt: now + CODE_MS,
            wrongTries: 0,
            usedAt: null,
          };
          await manager
            .createQueryBuilder()
            .insert()
            .into(SignInCode)
            .values(row)
            .orUpdate(['codeHash', 'tokenHash', 'expiresAt', 'wrongTries', 'usedAt'], ['email'])
            .execute();
          const { id } = await manager.findOneByOrFail(SignInCode, { email: key });
          const queued = await this.outbox.queue(
            manager,
            accountSignInEmail(this.config.publicUrl, {
              id,
              email: key,
              code,
              token,
              tokenHash,
              minutes: ACCOUNT_CODE_MINUTES,
            }),
          );
          if (!queued) throw new MailboxFull();
        }),
      );
    } catch (error) {
      if (!(error instanceof MailboxFull)) throw error;
    }
  }

  /**
   * The address's code, or a link's token, checked and used up: the fan (made on first sight)
   * and a new session's cookie value. A wrong code counts against the code; at
   * ACCOUNT_CODE_TRIES it stops working.
   */
  async verify(body: {
    email?: string;
    code?: string;
    token?: string;
  }): Promise<{ email: string; fanId: number; sessionToken: string }> {
    if (typeof body.token === 'string' && body.token !== '') return this.verifyToken(body.token);
    if (typeof body.email !== 'string' || typeof body.code !== 'string')
      throw new BadRequestException(ACCOUNT_VERIFY_BODY_MESSAGE);
    return this.verifyCode(normaliseEmail(body.email), body.code.trim());
  }

  private async verifyToken(token: string) {
    const repo = this.dataSource.getRepository(SignInCode);
    const row = await repo.findOneBy({ tokenHash: digest(token) });
    if (!row) throw new BadRequestException(ACCOUNT_LINK_WRONG_MESSAGE);
    const used = await this.claim(row);
    if (!used) throw new BadRequestException(ACCOUNT_LINK_WRONG_MESSAGE);
    return used;
  }

  private async verifyCode(email: string, code: string) {
    const repo = this.dataSource.getRepository(SignInCode);
    const row = await repo.findOneBy({ email });
    const now = this.clock.now().getTime();
    if (!row || row.usedAt !== null || row.expiresAt <= now)
      throw new BadRequestException(ACCOUNT_CODE_WRONG_MESSAGE);
    if (row.wrongTries >= ACCOUNT_CODE_TRIES)
      throw new BadRequestException(ACCOUNT_CODE_ENDED_MESSAGE);
    if (!CODE.test(code) || !this.sameCode(row, code)) {
      // Counted in one statement, so wrong codes sent together cannot pass the limit.
      await repo
        .createQueryBuilder()
        .update(SignInCode)
        .set({ wrongTries: () => 'wrongTries + 1' })
        .where('id = :id AND wrongTries < :tries', { id: row.id, tries: ACCOUNT_CODE_TRIES })
        .execute();
      const after = await repo.findOneBy({ id: row.id });
      throw new BadRequestException(
        !after || after.wrongTries >= ACCOUNT_CODE_TRIES
          ? ACCOUNT_CODE_ENDED_MESSAGE
          : ACCOUNT_CODE_WRONG_MESSAGE,
      );
    }
    const used = await this.claim(row);
    if (!used) {
      const after = await repo.findOneBy({ id: row.id });
      throw new BadRequestException(
        after && after.usedAt === null && after.wrongTries >= ACCOUNT_CODE_TRIES
          ? ACCOUNT_CODE_ENDED_MESSAGE
          : ACCOUNT_CODE_WRONG_MESSAGE,
      );
    }
    return used;
  }

  /**
   * Uses the code up (one conditional update, so of two requests together one signs in) and
   * starts the fan's session; null when it was used, ran out, or was ended by wrong codes.
   */
  private async claim(row: SignInCode) {
    const now = this.clock.now().getTime();
    return this.transactions.run(async (manager) => {
      const { affected } = await manager
        .createQueryBuilder()
        .update(SignInCode)
        .set({ usedAt: now })
        .where('id = :id AND usedAt IS NULL AND expiresAt > :now AND wrongTries < :tries', {
          id: row.id,
          now,
          tries: ACCOUNT_CODE_TRIES,
        })
        .execute();
      if (!affected) return null;
      return this.startSession(manager, row.email);
    });
  }

  /** The fan of the address (made on first sight) and a new session of theirs. */
  async startSession(manager: EntityManager, email: string) {
    const fanId = await this.events.fanOf(manager, email, this.clock.now());
    if (fanId === null) throw new BadRequestException(ACCOUNT_CODE_WRONG_MESSAGE);
    const sessionToken = await this.sessions.start(manager, fanId, email);
    return { email, fanId, sessionToken };
  }

  /** Keyed by the site's secret and the link's digest, so one code's digest says nothing of another's. */
  private codeHash(tokenHash: string, code: string): string {
    return createHmac('sha256', this.config.sessionSecret)
      .update(`${tokenHash}:${code}`)
      .digest('hex');
  }

  private sameCode(row: SignInCode, code: string): boolean {
    const given = Buffer.from(this.codeHash(row.tokenHash, code), 'hex');
    const stored = Buffer.from(row.codeHash, 'hex');
    return given.length === stored.length && timingSafeEqual(given, stored);
  }

  /** The address's sign-in code row (privacy export and erasure). */
  codesOf(manager: EntityManager, email: string): Promise<SignInCode[]> {
    return manager.findBy(SignInCode, { email });
  }

  async forget(manager: EntityManager, codes: SignInCode[]): Promise<void> {
    if (codes.length) await manager.delete(SignInCode, { id: In(codes.map((c) => c.id)) });
  }
}
