import { Column, Entity, PrimaryColumn } from 'typeorm';
import { DateTimeColumn } from '../../database/datetime.js';

/**
 * A show's presale: its code, sent once to the members whose tier has the presale perk. The show
 * is the key, so of two sends at once only one is recorded (and sent).
 */
@Entity('membership_presales')
export class ShowPresaleRecord {
  @PrimaryColumn({ type: 'integer' })
  showId: number;

  @Column({ type: 'varchar', length: 100 })
  code: string;

  /** The campaign that carries it; null only while it is being made. */
  @Column({ type: 'integer', nullable: true })
  campaignId: number | null;

  @DateTimeColumn()
  createdAt: Date;
}
