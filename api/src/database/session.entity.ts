import { Column, Entity, Index, PrimaryColumn } from 'typeorm';
import { EpochMsColumn } from './epoch-ms.js';
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
  @EpochMsColumn()
  expiresAt: number;
}
