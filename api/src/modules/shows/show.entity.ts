import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import { CreatedAtColumn, UpdatedAtColumn } from '../../database/datetime.js';
import { PlaceColumns } from '../places/index.js';

/** A show; its place columns hold the point of its city, found when the show is saved. */
@Entity('shows')
@Index(['status', 'date'])
export class Show extends PlaceColumns {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'varchar', length: 200 })
  venue: string;

  @Column({ type: 'varchar', length: 200 })
  city: string;

  /** YYYY-MM-DD, the local date of the show. */
  @Column({ type: 'varchar', length: 10 })
  date: string;

  /** Free text, e.g. "8:00 PM". */
  @Column({ type: 'varchar', length: 100 })
  time: string;

  @Column({ type: 'varchar', length: 20 })
  ageRequirement: string;

  @Column({ type: 'varchar', length: 10 })
  ticketButtonType: string;

  @Column({ type: 'varchar', length: 2048, nullable: true })
  ticketUrl: string | null;

  /** The text 'true' or 'false', as the spec stores it. */
  @Column({ type: 'varchar', length: 5, default: 'false' })
  soldOut: string;

  @Column({ type: 'varchar', length: 20, default: 'draft' })
  status: string;

  @Column({ type: 'text', nullable: true })
  notes: string | null;

  /**
   * The IANA time zone the show's time is written in: from its city, or as the artist set it.
   * Null for a row written without one: ARTIST_TIMEZONE then.
   */
  @Column({ type: 'varchar', length: 64, nullable: true })
  timeZone: string | null;

  @CreatedAtColumn()
  createdAt: Date;

  @UpdatedAtColumn()
  updatedAt: Date;
}
