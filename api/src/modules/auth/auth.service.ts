import { randomBytes, randomUUID } from 'node:crypto';
import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import { SessionRecord } from '../../database/session.entity.js';
import { isDuplicateKeyError, type Transactions } from '../../database/transaction.js';
import { APP_CONFIG } from '../../config/config.module.js';
import type { AppConfig } from '../../config/env.js';
import { Passwords } from './password.js';
import { User } from './user.entity.js';

export const ADMIN_USERNAME = 'admin';

@Injectable()
export class AuthService implements OnApplicationBootstrap {
  private readonly logger = new Logger(AuthService.name);
  /** The password made at this start, until the start-up notice has been taken. */
  private oneTimePassword: string | null = null;

  constructor(
    @InjectRepository(User) private readonly users: Repository<User>,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly passwords: Passwords,
  ) {}

  /**
   * Creates the admin account when there is none: from ADMIN_PASSWORD, or with a generated
   * password shown once (`takeFirstStartNotice`). An existing account is never changed here
   * (see the reset command).
   */
  async onApplicationBootstrap(): Promise<void> {
    if (await this.users.existsBy({ username: ADMIN_USERNAME })) return;
    const generated = this.config.adminPassword ? undefined : randomBytes(12).toString('base64url');
    const password = this.config.adminPassword ?? generated!;
    try {
      await this.users.insert({
        id: randomUUID(),
        username: ADMIN_USERNAME,
        password: await this.passwords.hash(password),
      });
    } catch (error) {
      // Another server starting on the same database created it first: keep that one.
      if (isDuplicateKeyError(error)) return;
      throw error;
    }
    if (generated) this.oneTimePassword = generated;
    else this.logger.log('Created the admin account from ADMIN_PASSWORD.');
  }

  /**
   * The box that shows the password made at this start, once; null when none was made. The
   * server prints it to the terminal (standard error, never the JSON log stream on standard
   * output, which is kept and shipped elsewhere) last of its start-up lines, just before "Site
   * running at …", so it is still on screen when the start is done.
   */
  takeFirstStartNotice(): string | null {
    const password = this.oneTimePassword;
    this.oneTimePassword = null;
    if (password === null) return null;
    return [
      '',
      '================================================================',
      ' No admin account existed, so one was created.',
      ` One-time admin password: ${password}`,
      ' It is shown only this once. Choose your own with:',
      '   npm run admin:reset-password',
      '================================================================',
      '',
    ].join('\n');
  }

  /** The admin user when the password is right. */
  async verify(password: string): Promise<User | null> {
    const user = await this.users.findOneBy({ username: ADMIN_USERNAME });
    if (!user) return null;
    return (await this.passwords.verify(user.password, password)) ? user : null;
  }
}

export class NoAdminAccountError extends Error {
  constructor() {
    super(
      'This database has no admin account: start the site once (npm start) to create it, ' +
        'then set the password.',
    );
  }
}

/**
 * Sets the password of the existing admin account and ends every session; answers how many
 * sessions were ended. Without an account it changes nothing and throws NoAdminAccountError.
 */
export async function resetAdminPassword(
  transactions: Transactions,
  password: string,
): Promise<number> {
  const hash = await new Passwords().hash(password);
  return transactions.run(async (manager) => {
    const existing = await manager.findOneBy(User, { username: ADMIN_USERNAME });
    if (!existing) throw new NoAdminAccountError();
    await manager.update(User, { id: existing.id }, { password: hash });
    const ended = await manager.createQueryBuilder().delete().from(SessionRecord).execute();
    return ended.affected ?? 0;
  });
}
