import { Inject, Injectable } from '@nestjs/common';
import type { Request } from 'express';
import { DataSource, In, LessThan, type EntityManager } from 'typeorm';
import { Clock } from '../../common/clock.js';
import { SignedInFans } from '../../common/signed-in-fans.js';
import { APP_CONFIG } from '../../config/config.module.js';
import type { AppConfig } from '../../config/env.js';
import { FanSession } from './account.entity.js';
import {
  cookieOf,
  digest,
  FAN_SESSION_COOKIE,
  FAN_SESSION_MS,
  newSecret,
  type SignedInFan,
} from './fan-session.js';

/** A session's expiry is written again at most this often: a request a second is one write. */
const RENEW_EVERY_MS = 60_000;

/** The fans' sessions (`account_sessions`): made at sign-in, renewed on use, ended at sign-out. */
@Injectable()
export class AccountSessions extends SignedInFans {
  constructor(
    private readonly dataSource: DataSource,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    super();
  }

  get secureCookies(): boolean {
    return this.config.secureCookies;
  }

  /** A new session of the fan: the cookie's value (only its digest is stored). */
  async start(manager: EntityManager, fanId: number, email: string): Promise<string> {
    const token = newSecret();
    const now = this.clock.now().getTime();
    await manager.insert(FanSession, {
      tokenHash: digest(token),
      fanId,
      email,
      expiresAt: now + FAN_SESSION_MS,
      lastSeenAt: now,
    });
    return token;
  }

  /** The live session of a cookie's value, renewed; null for none or an expired one. */
  async use(token: string): Promise<{ fan: SignedInFan; maxAgeMs: number } | null> {
    const repo = this.dataSource.getRepository(FanSession);
    const session = await repo.findOneBy({ tokenHash: digest(token) });
    const now = this.clock.now().getTime();
    if (!session || session.expiresAt <= now) return null;
    let expiresAt = session.expiresAt;
    if (now - session.lastSeenAt >= RENEW_EVERY_MS) {
      expiresAt = now + FAN_SESSION_MS;
      await repo.update({ id: session.id }, { expiresAt, lastSeenAt: now });
      // Now and then, on the way past, the sessions that ran out go.
      await repo.delete({ expiresAt: LessThan(now) });
    }
    return {
      fan: { sessionId: session.id, fanId: session.fanId, email: session.email },
      maxAgeMs: expiresAt - now,
    };
  }

  /** The address of the request's live session, read without renewing it; null without one. */
  async emailOf(req: Request): Promise<string | null> {
    const token = cookieOf(req, FAN_SESSION_COOKIE);
    if (!token) return null;
    const session = await this.dataSource
      .getRepository(FanSession)
      .findOneBy({ tokenHash: digest(token) });
    return session && session.expiresAt > this.clock.now().getTime() ? session.email : null;
  }

  /** Sign-out: the session of this cookie's value ends. */
  async end(token: string): Promise<void> {
    await this.dataSource.getRepository(FanSession).delete({ tokenHash: digest(token) });
  }

  /** The fan's sessions, by fan id or address (the privacy export, erasure). */
  of(manager: EntityManager, fanId: number, email: string): Promise<FanSession[]> {
    return manager
      .getRepository(FanSession)
      .createQueryBuilder('s')
      .where('s.fanId = :fanId OR s.email = :email', { fanId, email })
      .orderBy('s.id')
      .getMany();
  }

  async endAll(manager: EntityManager, sessions: FanSession[]): Promise<number> {
    if (sessions.length) await manager.delete(FanSession, { id: In(sessions.map((s) => s.id)) });
    return sessions.length;
  }
}
