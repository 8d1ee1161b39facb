import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import { EpochMsColumn } from '../../database/epoch-ms.js';
import { ByteCountColumn } from '../../database/byte-count.js';
import { CreatedAtColumn } from '../../database/datetime.js';
import { EmailColumn, LinkTokenColumn } from '../../database/exact-text.js';

/**
 * One link to one format of a release, for an order (or a redeemed code): an unguessable token,
 * valid until `expiresAt` and for DOWNLOAD_LIMIT downloads. `email` is where fresh links go.
 */
@Entity('download_links')
@Index('IDX_download_links_token', ['token'], { unique: true })
@Index('IDX_download_links_orderId', ['orderId'])
@Index('IDX_download_links_sessionId', ['sessionId'])
@Index('IDX_download_links_email', ['email'])
export class DownloadLinkRecord {
  @PrimaryGeneratedColumn()
  id: number;

  @LinkTokenColumn()
  token: string;

  @Column({ type: 'integer', nullable: true })
  orderId: number | null;

  /** The checkout session of the order: the receipt finds its links by it. */
  @Column({ type: 'varchar', length: 255, nullable: true })
  sessionId: string | null;

  /** The download code redeemed for it, when it came from one. */
  @Column({ type: 'integer', nullable: true })
  codeId: number | null;

  @Column({ type: 'varchar', length: 60 })
  productId: string;

  @Column({ type: 'varchar', length: 120 })
  releaseName: string;

  @Column({ type: 'integer' })
  fileId: number;

  @Column({ type: 'varchar', length: 40 })
  format: string;

  @EmailColumn()
  email: string;

  @EpochMsColumn()
  expiresAt: number;

  /** Downloads counted: a resumed one (a Range from past the first byte) is not counted again. */
  @Column({ type: 'integer', default: 0 })
  downloads: number;

  @EpochMsColumn({ nullable: true })
  lastDownloadAt: number | null;

  @CreatedAtColumn()
  createdAt: Date;
}

/** One download made with a link: when, which format, how many bytes were sent. */
@Entity('download_records')
@Index('IDX_download_records_orderId', ['orderId'])
@Index('IDX_download_records_linkId', ['linkId'])
export class DownloadRecordRow {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'integer' })
  linkId: number;

  @Column({ type: 'integer', nullable: true })
  orderId: number | null;

  @Column({ type: 'varchar', length: 120 })
  releaseName: string;

  @Column({ type: 'varchar', length: 40 })
  format: string;

  @ByteCountColumn({ default: 0 })
  bytes: number;

  @EpochMsColumn()
  at: number;
}
