import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import { DateTimeColumn } from '../../database/datetime.js';

/** A version of a remote published by its team: its files are in storage under `remotes/<remote>/<version>/`. */
@Entity('remote_releases')
@Index('IDX_remote_releases_remote_version', ['remote', 'version'], { unique: true })
export class RemoteRelease {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'varchar', length: 20 })
  remote: string;

  /** The first 12 hex characters of the SHA-256 of the published `.tar.gz`. */
  @Column({ type: 'varchar', length: 20 })
  version: string;

  @DateTimeColumn()
  publishedAt: Date;

  /** Load failures visitors' browsers reported while it was live. */
  @Column({ type: 'integer', default: 0 })
  failures: number;
}
