import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import { CreatedAtColumn } from '../../database/datetime.js';

/**
 * One photo of the gallery: its description, its place in the artist's order and the address and
 * size of each file. Uploaded files are under `/media/gallery/`; the photos the site started with
 * point at the storefront build's `/gallery-optimized/` files, WebP only.
 */
@Entity('gallery_photos')
@Index('IDX_gallery_photos_position', ['position'])
export class GalleryPhotoRecord {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'varchar', length: 200 })
  alt: string;

  /** The place in the gallery, from 1; ties (never made by the API) go by id. */
  @Column({ type: 'integer' })
  position: number;

  @Column({ type: 'varchar', length: 300 })
  mediumWebp: string;

  @Column({ type: 'varchar', length: 300, nullable: true })
  mediumAvif: string | null;

  @Column({ type: 'integer' })
  mediumWidth: number;

  @Column({ type: 'integer' })
  mediumHeight: number;

  @Column({ type: 'varchar', length: 300 })
  fullWebp: string;

  @Column({ type: 'varchar', length: 300, nullable: true })
  fullAvif: string | null;

  @Column({ type: 'integer' })
  fullWidth: number;

  @Column({ type: 'integer' })
  fullHeight: number;

  @CreatedAtColumn()
  createdAt: Date;
}
