import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import { DateTimeColumn } from '../../database/datetime.js';

/** One change of a remote's live version; the newest row of a remote says which one is live. */
@Entity('remote_live_changes')
@Index('IDX_remote_live_changes_remote', ['remote', 'id'])
export class LiveChange {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'varchar', length: 20 })
  remote: string;

  @Column({ type: 'varchar', length: 20 })
  fromVersion: string;

  @Column({ type: 'varchar', length: 20 })
  toVersion: string;

  @DateTimeColumn()
  at: Date;

  /** The deploy token that made it: its setting's name and the start of its SHA-256. */
  @Column({ type: 'varchar', length: 60 })
  madeBy: string;
}
