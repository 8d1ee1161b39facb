import { Column, Entity, Index, PrimaryColumn, PrimaryGeneratedColumn } from 'typeorm';
import { CreatedAtColumn } from '../../database/datetime.js';
import { bigintAsNumber, EpochMsColumn } from '../../database/epoch-ms.js';
import { EmailColumn } from '../../database/exact-text.js';

/**
 * The sign-in code and link of one address: one row per address, replaced by each new request,
 * so a newer request makes the older code and link stop working. Only digests are kept: the
 * code's keyed by the site's secret (six digits are few), the link token's plain.
 */
@Entity('account_sign_in_codes')
@Index('IDX_account_sign_in_codes_email', ['email'], { unique: true })
@Index('IDX_account_sign_in_codes_tokenHash', ['tokenHash'], { unique: true })
export class SignInCode {
  @PrimaryGeneratedColumn()
  id: number;

  @EmailColumn()
  email: string;

  @Column({ type: 'varchar', length: 64 })
  codeHash: string;

  @Column({ type: 'varchar', length: 64 })
  tokenHash: string;

  @EpochMsColumn()
  expiresAt: number;

  /** Wrong codes typed for the address: at ACCOUNT_CODE_TRIES the code stops working. */
  @Column({ type: 'integer', default: 0 })
  wrongTries: number;

  @EpochMsColumn({ nullable: true })
  usedAt: number | null;

  @CreatedAtColumn()
  createdAt: Date;
}

/**
 * A fan's signed-in browser: the digest of its `artist.fan` cookie, the fan, and until when it
 * lasts (ACCOUNT_SESSION_DAYS after its last use). Apart from the admin's sessions.
 */
@Entity('account_sessions')
@Index('IDX_account_sessions_tokenHash', ['tokenHash'], { unique: true })
@Index('IDX_account_sessions_fanId', ['fanId'])
export class FanSession {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'varchar', length: 64 })
  tokenHash: string;

  @Column({ type: 'integer' })
  fanId: number;

  @EmailColumn()
  email: string;

  @EpochMsColumn()
  expiresAt: number;

  @EpochMsColumn()
  lastSeenAt: number;

  @CreatedAtColumn()
  createdAt: Date;
}

/** A passkey (WebAuthn credential) a fan registered: its id, public key and signature counter. */
@Entity('account_passkeys')
@Index('IDX_account_passkeys_fanId', ['fanId'])
export class Passkey {
  /** The credential id, base64url. */
  @PrimaryColumn({ type: 'varchar', length: 255 })
  id: string;

  @Column({ type: 'integer' })
  fanId: number;

  /** Her address when she added it: a sign-in with it is a session of this address. */
  @EmailColumn()
  email: string;

  /** The COSE public key, base64url. */
  @Column({ type: 'text' })
  publicKey: string;

  @Column({ type: 'bigint', default: 0, transformer: bigintAsNumber })
  counter: number;

  /** The authenticator's transports, comma-separated. */
  @Column({ type: 'varchar', length: 200, nullable: true })
  transports: string | null;

  @CreatedAtColumn()
  createdAt: Date;

  @EpochMsColumn({ nullable: true })
  lastUsedAt: number | null;
}

/**
 * A WebAuthn ceremony under way: the challenge the server gave, found by the digest of the
 * `artist.passkey` cookie set with it; for a registration, the fan adding it. Used once.
 */
@Entity('account_passkey_challenges')
@Index('IDX_account_passkey_challenges_tokenHash', ['tokenHash'], { unique: true })
export class PasskeyChallenge {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'varchar', length: 64 })
  tokenHash: string;

  @Column({ type: 'varchar', length: 128 })
  challenge: string;

  @Column({ type: 'integer', nullable: true })
  fanId: number | null;

  @EpochMsColumn()
  expiresAt: number;
}
