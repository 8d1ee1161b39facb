import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

@Entity('email_signups')
export class EmailSignup {
  @PrimaryGeneratedColumn()
  id: number;

  /** Stored lower-cased, so the unique index compares addresses case-insensitively. */
  @Index({ unique: true })
  @Column({ type: 'varchar', length: 320 })
  email: string;

  /** The text 'true' or 'false'. */
  @Column({ type: 'varchar', length: 5, default: 'false' })
  contacted: string;

  @Column({ type: 'datetime', nullable: true })
  contactedAt: Date | null;

  @CreateDateColumn({ type: 'datetime' })
  createdAt: Date;
}
