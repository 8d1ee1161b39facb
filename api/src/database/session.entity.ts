import { Column, Entity, Index, PrimaryColumn } from 'typeorm';
import { epochMs } from './epoch-ms.js';
import { exact } from './exact-text.js';

/** One express-session session (see session-store.ts). */
@Entity('sessions')
export class SessionRecord {
  @PrimaryColumn({ type: 'varchar', length: 128, ...exact })
  sid: string;

  /** The session as JSON. */
  @Column({ type: 'text' })
  data: string;

  /** Epoch milliseconds after which the session is gone. */
  @Index()
  @Column({ type: 'bigint', transformer: epochMs })
  expiresAt: number;
}
