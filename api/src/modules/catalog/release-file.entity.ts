import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import { ByteCountColumn } from '../../database/byte-count.js';
import { CreatedAtColumn } from '../../database/datetime.js';

/** One format of a digital release: its ZIP in storage (`releases/<productId>/<uuid>.zip`). */
@Entity('release_files')
@Index('IDX_release_files_productId_format', ['productId', 'format'], { unique: true })
export class ReleaseFileRecord {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'varchar', length: 60 })
  productId: string;

  /** As the artist names it: 'MP3 320', 'FLAC'. */
  @Column({ type: 'varchar', length: 40 })
  format: string;

  @Column({ type: 'varchar', length: 255 })
  storageKey: string;

  @ByteCountColumn()
  bytes: number;

  @CreatedAtColumn()
  createdAt: Date;
}
