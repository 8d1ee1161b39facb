import { Column, Entity, Index } from 'typeorm';
import { EmailColumn, LinkTokenColumn } from '../../database/exact-text.js';
import { DateTimeColumn, CreatedAtColumn } from '../../database/datetime.js';
import { FanRecord } from '../../common/fan-record.js';

@Entity('notify_me')
@Index('IDX_notify_me_fanId_notified', ['fanId', 'notified'])
@Index('IDX_notify_me_createdAt', ['createdAt'])
@Index('IDX_notify_me_notified_createdAt', ['notified', 'createdAt'])
@Index('IDX_notify_me_productId_notified', ['productId', 'notified'])
export class NotifyMe extends FanRecord {
  @EmailColumn()
  email: string;

  /** The product's name when the fan asked, as the shop showed it. */
  @Column({ type: 'varchar', length: 120 })
  productName: string;

  /** The catalogue's product, when the name is one of it (a renamed product keeps its requests). */
  @Column({ type: 'varchar', length: 60, nullable: true })
  productId: string | null;

  /** The size asked for (as the product names it); null for the product as a whole. */
  @Column({ type: 'varchar', length: 12, nullable: true })
  size: string | null;

  /** The text 'true' or 'false'. */
  @Column({ type: 'varchar', length: 5, default: 'false' })
  notified: string;

  @DateTimeColumn({ nullable: true })
  notifiedAt: Date | null;

  /** Of the one-click unsubscribe link in the back-in-stock email; made when it is queued. */
  @Index('IDX_notify_me_token', { unique: true })
  @LinkTokenColumn({ nullable: true })
  token: string | null;

  /**
   * When the request may be emailed: at once for most, but a request from an address that had
   * unsubscribed from back-in-stock emails only once its confirmation email's link is pressed.
   */
  @DateTimeColumn({ nullable: true })
  confirmedAt: Date | null;

  /** The one-time token of the confirmation email's link, for a request that needs one. */
  @Index('IDX_notify_me_confirmToken', { unique: true })
  @LinkTokenColumn({ nullable: true })
  confirmToken: string | null;

  /** The confirm link works until then (7 days), once. */
  @DateTimeColumn({ nullable: true })
  confirmTokenExpiresAt: Date | null;

  /** The fan asked for no alerts about this product: no back-in-stock email goes to them. */
  @DateTimeColumn({ nullable: true })
  unsubscribedAt: Date | null;

  @CreatedAtColumn()
  createdAt: Date;
}
