import { Column, Entity, Index } from 'typeorm';
import { EmailColumn } from '../../database/exact-text.js';
import { DateTimeColumn, CreatedAtColumn } from '../../database/datetime.js';
import { FanRecord } from '../../common/fan-record.js';

@Entity('contact_messages')
@Index('IDX_contact_messages_fanId', ['fanId'])
@Index('IDX_contact_messages_createdAt', ['createdAt'])
@Index('IDX_contact_messages_status_createdAt', ['status', 'createdAt'])
export class ContactMessage extends FanRecord {
  @Column({ type: 'varchar', length: 200 })
  firstName: string;

  @Column({ type: 'varchar', length: 200 })
  lastName: string;

  @EmailColumn()
  email: string;

  /** booking, collaboration, press, fan or other. */
  @Column({ type: 'varchar', length: 20 })
  subject: string;

  @Column({ type: 'text' })
  message: string;

  /** new or responded. */
  @Column({ type: 'varchar', length: 20, default: 'new' })
  status: string;

  @DateTimeColumn({ nullable: true })
  respondedAt: Date | null;

  @CreatedAtColumn()
  createdAt: Date;
}
