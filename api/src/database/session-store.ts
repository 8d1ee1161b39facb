import session from 'express-session';
import { LessThan, type DataSource, type Repository } from 'typeorm';
import { SessionRecord } from './session.entity.js';

type Callback = (error?: unknown) => void;

/**
 * An express-session store in the application's own database (table `sessions`), so sessions
 * survive restarts and several api instances share them. Written here because `connect-typeorm`,
 * the published TypeORM store, does not install beside TypeORM 1, and the in-memory store
 * must never be used.
 */
export class TypeormSessionStore extends session.Store {
  private readonly sessions: Repository<SessionRecord>;
  private lastPrune = 0;

  constructor(
    dataSource: DataSource,
    private readonly idleMs: number,
  ) {
    super();
    this.sessions = dataSource.getRepository(SessionRecord);
  }

  override get(sid: string, callback: (error: unknown, data?: session.SessionData | null) => void) {
    this.sessions.findOneBy({ sid }).then((row) => {
      if (!row || row.expiresAt <= Date.now()) return callback(null, null);
      try {
        callback(null, JSON.parse(row.data) as session.SessionData);
      } catch {
        callback(null, null);
      }
    }, callback);
  }

  override set(sid: string, data: session.SessionData, callback?: Callback) {
    const record = { sid, data: JSON.stringify(data), expiresAt: this.expiry(data) };
    this.sessions
      .upsert(record, ['sid'])
      .then(() => this.pruneNowAndThen())
      .then(() => callback?.(), callback);
  }

  override touch(sid: string, data: session.SessionData, callback?: Callback) {
    this.sessions
      .update({ sid }, { expiresAt: this.expiry(data) })
      .then(() => callback?.(), callback);
  }

  override destroy(sid: string, callback?: Callback) {
    this.sessions.delete({ sid }).then(() => callback?.(), callback);
  }

  override clear(callback?: Callback) {
    this.sessions.clear().then(() => callback?.(), callback);
  }

  private expiry(data: session.SessionData): number {
    const expires = data.cookie?.expires;
    return expires ? new Date(expires).getTime() : Date.now() + this.idleMs;
  }

  /** Expired rows are deleted at most every ten minutes, on the way past a write. */
  private async pruneNowAndThen(): Promise<void> {
    const now = Date.now();
    if (now - this.lastPrune < 10 * 60_000) return;
    this.lastPrune = now;
    await this.sessions.delete({ expiresAt: LessThan(now) });
  }
}
