import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import { EpochMsColumn } from '../../database/epoch-ms.js';
import { CreatedAtColumn } from '../../database/datetime.js';

/** A batch of download codes made at once for one release; voided, none of it works. */
@Entity('download_code_batches')
@Index('IDX_download_code_batches_productId', ['productId'])
export class DownloadCodeBatch {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'varchar', length: 60 })
  productId: string;

  @Column({ type: 'integer' })
  count: number;

  @EpochMsColumn({ nullable: true })
  voidedAt: number | null;

  @CreatedAtColumn()
  createdAt: Date;
}

/** One code of a batch: redeemed once, by the email its links went to. */
@Entity('download_codes')
@Index('IDX_download_codes_code', ['code'], { unique: true })
@Index('IDX_download_codes_batchId', ['batchId'])
@Index('IDX_download_codes_email', ['email'])
export class DownloadCode {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'integer' })
  batchId: number;

  @Column({ type: 'varchar', length: 60 })
  productId: string;

  @Column({ type: 'varchar', length: 10 })
  code: string;

  @EpochMsColumn({ nullable: true })
  redeemedAt: number | null;

  @Column({ type: 'varchar', length: 320, nullable: true })
  email: string | null;
}
