import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

@Entity('notify_me')
@Index('IDX_notify_me_createdAt', ['createdAt'])
@Index('IDX_notify_me_notified_createdAt', ['notified', 'createdAt'])
export class NotifyMe {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'varchar', length: 320 })
  email: string;

  @Column({ type: 'varchar', length: 50 })
  productName: string;

  /** The text 'true' or 'false'. */
  @Column({ type: 'varchar', length: 5, default: 'false' })
  notified: string;

  @Column({ type: 'datetime', nullable: true })
  notifiedAt: Date | null;

  @CreateDateColumn({ type: 'datetime' })
  createdAt: Date;
}
