import { randomBytes } from 'node:crypto';
import {
  BadRequestException,
  ForbiddenException,
  Inject,
  Injectable,
  Logger,
} from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { IsNull, MoreThan, type Repository } from 'typeorm';
import type {
  TwoFactorEnabled,
  TwoFactorSetup,
  TwoFactorSetupRequest,
  TwoFactorStatus,
} from '@artist/contracts';
import { Clock } from '../../common/clock.js';
import { TooManyRequestsException } from '../../common/too-many-requests.js';
import { SessionRecord } from '../../database/session.entity.js';
import { Transactions } from '../../database/transaction.js';
import { APP_CONFIG } from '../../config/config.module.js';
import type { AppConfig } from '../../config/env.js';
import { OutboxService } from '../email/index.js';
import { tryAgainIn } from '../rate-limit/index.js';
import { ADMIN_USERNAME } from './auth.service.js';
import { passwordResetEmail } from './emails/password-reset.email.js';
import { LoginThrottleService } from './login-throttle.service.js';
import { Passwords } from './password.js';
import {
  newRecoveryCodes,
  newTotpSecret,
  otpauthUrl,
  recoveryCodeHash,
  tokenHash,
  totpStep,
} from './two-factor.js';
import { User } from './user.entity.js';

/** How long a password-reset link works. */
export const RESET_LINK_MINUTES = 30;

export const RESET_LINK_INVALID_MESSAGE =
  'This reset link has expired or was already used. Ask for a new one from the login page.';
export const WRONG_SETUP_CODE_MESSAGE =
  'That code is not right. Enter the 6-digit code your authenticator app shows now.';
export const SET_UP_AGAIN_PROOF_MESSAGE =
  'Two-step login is on: to set it up again, enter the 6-digit code your authenticator app shows now, or your password.';
export const WRONG_SET_UP_AGAIN_PROOF_MESSAGE =
  'That code or password is not right. Enter the 6-digit code your authenticator app shows now, or your password.';

/**
 * The admin account's own safety: a password reset by an emailed link, and two-step login with an
 * authenticator app (TOTP, RFC 6238) and ten single-use recovery codes.
 */
@Injectable()
export class AccountService {
  private readonly logger = new Logger(AccountService.name);

  constructor(
    @InjectRepository(User) private readonly users: Repository<User>,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly outbox: OutboxService,
    private readonly clock: Clock,
    private readonly transactions: Transactions,
    private readonly throttle: LoginThrottleService,
    private readonly passwords: Passwords,
  ) {}

  /**
   * A new single-use link for 30 minutes to ARTIST_EMAIL; it replaces any earlier link. Says
   * nothing to the caller of whether it was sent (there may be no ARTIST_EMAIL to send it to).
   */
  async requestPasswordReset(): Promise<void> {
    const token = randomBytes(32).toString('base64url');
    const hash = tokenHash(token);
    const expiresAt = new Date(this.clock.now().getTime() + RESET_LINK_MINUTES * 60_000);
    const queued = await this.transactions.run(async (manager) => {
      const user = await manager.findOneBy(User, { username: ADMIN_USERNAME });
      if (!user) return false;
      const email = passwordResetEmail(this.config, {
        userId: user.id,
        token,
        tokenHash: hash,
        minutes: RESET_LINK_MINUTES,
      });
      if (!email || !(await this.outbox.queue(manager, email))) return false;
      await manager.update(
        User,
        { id: user.id },
        { resetTokenHash: hash, resetTokenExpiresAt: expiresAt },
      );
      return true;
    });
    if (!queued) {
      this.logger.warn(
        'A password reset was asked for, but ARTIST_EMAIL is not set: no link was sent. ' +
          'Use npm run admin:reset-password on the server instead.',
      );
    }
  }

  /**
   * Sets the new password when the token is the live one, uses the token up (one of two requests
   * at once wins) and ends every session. Answers how many sessions were ended. The token is
   * looked up before the password is hashed: a hash is ~30 ms of CPU, which only the holder of
   * the live link may spend.
   */
  async confirmPasswordReset(token: string, password: string): Promise<number> {
    const live = () => ({
      username: ADMIN_USERNAME,
      resetTokenHash: tokenHash(token),
      resetTokenExpiresAt: MoreThan(this.clock.now()),
    });
    if (!(await this.users.existsBy(live()))) {
      throw new BadRequestException(RESET_LINK_INVALID_MESSAGE);
    }
    const newHash = await this.passwords.hash(password);
    return this.transactions.run(async (manager) => {
      const used = await manager.update(User, live(), {
        password: newHash,
        resetTokenHash: null,
        resetTokenExpiresAt: null,
      });
      if (used.affected !== 1) throw new BadRequestException(RESET_LINK_INVALID_MESSAGE);
      const ended = await manager.createQueryBuilder().delete().from(SessionRecord).execute();
      return ended.affected ?? 0;
    });
  }

  async twoFactorStatus(): Promise<TwoFactorStatus> {
    const user = await this.admin();
    return {
      enabled: user.totpSecret !== null,
      recoveryCodesLeft: user.totpSecret ? recoveryHashes(user).length : 0,
    };
  }

  /**
   * A new secret to scan; two-step login changes only once a code from it is entered. While it is
   * on, replacing it (and its recovery codes) needs the app's code or the password, which a stolen
   * session lacks: 403 without one, or with a wrong one (counted like a login's).
   */
  async setUpTwoFactor(
    proof: TwoFactorSetupRequest,
    address: string | undefined,
  ): Promise<TwoFactorSetup> {
    const user = await this.admin();
    if (user.totpSecret) {
      const code = proof.code?.trim();
      const password = proof.password;
      if (!code && !password) throw new ForbiddenException(SET_UP_AGAIN_PROOF_MESSAGE);
      const right = await this.attempt(address, () =>
        code ? this.acceptCode(user, code) : this.passwords.verify(user.password, password!),
      );
      if (!right) throw new ForbiddenException(WRONG_SET_UP_AGAIN_PROOF_MESSAGE);
    }
    const secret = newTotpSecret();
    await this.users.update({ id: user.id }, { totpPendingSecret: secret });
    return { otpauthUrl: otpauthUrl(secret), secret };
  }

  /** Turns two-step login on with the secret being set up; answers ten new recovery codes. */
  async enableTwoFactor(code: string): Promise<TwoFactorEnabled> {
    const user = await this.admin();
    if (!user.totpPendingSecret) {
      throw new BadRequestException(
        'Start the set-up first: scan the new QR code, then enter the code it shows.',
      );
    }
    const step = totpStep(user.totpPendingSecret, code.trim(), null);
    if (step === null) throw new BadRequestException(WRONG_SETUP_CODE_MESSAGE);
    const codes = newRecoveryCodes();
    const changed = await this.users.update(
      { id: user.id, totpPendingSecret: user.totpPendingSecret },
      {
        totpSecret: user.totpPendingSecret,
        totpPendingSecret: null,
        totpLastStep: step,
        recoveryCodes: JSON.stringify(codes.map(recoveryCodeHash)),
      },
    );
    if (changed.affected !== 1) {
      throw new BadRequestException('The set-up changed meanwhile; start it again.');
    }
    return { enabled: true, recoveryCodes: codes };
  }

  /**
   * Turns two-step login off; needs a code of the app (or a recovery code), wrong ones counted
   * like a login's.
   */
  async disableTwoFactor(code: string, address: string | undefined): Promise<TwoFactorStatus> {
    const user = await this.admin();
    if (!user.totpSecret) return { enabled: false, recoveryCodesLeft: 0 };
    if (!(await this.attempt(address, () => this.acceptCode(user, code)))) {
      throw new BadRequestException(WRONG_SETUP_CODE_MESSAGE);
    }
    await this.users.update(
      { id: user.id },
      { totpSecret: null, totpPendingSecret: null, totpLastStep: null, recoveryCodes: null },
    );
    return { enabled: false, recoveryCodesLeft: 0 };
  }

  /**
   * The second step of a login: a code of the app not used before, or an unused recovery code,
   * which is then used up. Each is accepted once even when sent twice at once (the update is
   * conditional on what was read).
   */
  async acceptCode(user: User, code: string): Promise<boolean> {
    if (!user.totpSecret) return true;
    const typed = code.trim();
    const step = totpStep(user.totpSecret, typed.replace(/\s/g, ''), user.totpLastStep);
    if (step !== null) {
      const taken = await this.users.update(
        {
          id: user.id,
          totpLastStep: user.totpLastStep === null ? IsNull() : user.totpLastStep,
        },
        { totpLastStep: step },
      );
      return taken.affected === 1;
    }
    const hashes = recoveryHashes(user);
    const hash = recoveryCodeHash(typed);
    if (!hashes.includes(hash)) return false;
    const used = await this.users.update(
      { id: user.id, recoveryCodes: user.recoveryCodes! },
      { recoveryCodes: JSON.stringify(hashes.filter((h) => h !== hash)) },
    );
    return used.affected === 1;
  }

  /**
   * A code or password given from a logged-in session, checked as a login's: the attempt is
   * reserved first (10 wrong ones per address in 15 minutes, then 429), a right one clears the
   * address's count.
   */
  private async attempt(address: string | undefined, check: () => Promise<boolean>) {
    const waitSeconds = await this.throttle.reserve(address, 'two-factor');
    if (waitSeconds > 0) {
      throw new TooManyRequestsException(
        `Too many wrong codes. ${tryAgainIn(waitSeconds)}`,
        waitSeconds,
      );
    }
    if (!(await check())) return false;
    await this.throttle.clear(address, 'two-factor');
    return true;
  }

  private async admin(): Promise<User> {
    return this.users.findOneByOrFail({ username: ADMIN_USERNAME });
  }
}

function recoveryHashes(user: User): string[] {
  if (!user.recoveryCodes) return [];
  try {
    const parsed = JSON.parse(user.recoveryCodes) as unknown;
    return Array.isArray(parsed) ? parsed.filter((h): h is string => typeof h === 'string') : [];
  } catch {
    return [];
  }
}
