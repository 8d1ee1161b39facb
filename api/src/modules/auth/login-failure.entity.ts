import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import { epochMs } from '../../database/epoch-ms.js';

/** One failed login, kept for the throttle window. */
@Entity('login_failures')
@Index(['ip', 'at'])
export class LoginFailure {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'varchar', length: 64 })
  ip: string;

  /** Epoch milliseconds. */
  @Column({ type: 'bigint', transformer: epochMs })
  at: number;
}
