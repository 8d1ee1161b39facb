import { Column, Entity, Index, PrimaryColumn } from 'typeorm';
import { DateTimeColumn } from '../../database/datetime.js';

/** The artist's account. The id is a UUID made by the server (portable across both databases). */
@Entity('users')
export class User {
  @PrimaryColumn({ type: 'varchar', length: 36 })
  id: string;

  @Index({ unique: true })
  @Column({ type: 'varchar', length: 50 })
  username: string;

  /** argon2id hash. */
  @Column({ type: 'varchar', length: 255 })
  password: string;

  /** SHA-256 of the one password-reset link that works, until it is used or expires. */
  @Column({ type: 'varchar', length: 64, nullable: true })
  resetTokenHash: string | null;

  @DateTimeColumn({ nullable: true })
  resetTokenExpiresAt: Date | null;

  /** The authenticator app's secret (base32) once two-step login is on. */
  @Column({ type: 'varchar', length: 64, nullable: true })
  totpSecret: string | null;

  /** A secret being set up: it becomes `totpSecret` when a code from it is entered. */
  @Column({ type: 'varchar', length: 64, nullable: true })
  totpPendingSecret: string | null;

  /** The 30-second step of the last code accepted, so one code logs in once. */
  @Column({ type: 'integer', nullable: true })
  totpLastStep: number | null;

  /** JSON array of SHA-256 hashes of the recovery codes not yet used. */
  @Column({ type: 'text', nullable: true })
  recoveryCodes: string | null;
}
