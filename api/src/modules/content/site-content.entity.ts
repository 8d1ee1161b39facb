import { Column, Entity, PrimaryColumn } from 'typeorm';
import type { SiteContent } from '@artist/contracts';
import { UpdatedAtColumn } from '../../database/datetime.js';

/** The one row (id 1) holding the artist's words and links. */
export const SITE_CONTENT_ROW = 1;

/**
 * The page's content as one JSON document, saved whole. `json` rather than `text`: on MySQL a
 * `text` column holds 64 KB, less than the limits allow (three pages of 20,000 characters); a
 * `json` column is JSON on MySQL, LONGTEXT on MariaDB and text on SQLite.
 */
@Entity('site_content')
export class SiteContentRecord {
  @PrimaryColumn({ type: 'integer' })
  id: number;

  // SQLite's driver writes a `json` column as text but reads it back as that text; MySQL's reads
  // it parsed. The transformer gives both the parsed object.
  @Column({ type: 'json', transformer: { to: (value: unknown) => value, from: parseJson } })
  data: SiteContent;

  @UpdatedAtColumn()
  updatedAt: Date;
}

function parseJson(value: unknown): unknown {
  return typeof value === 'string' ? JSON.parse(value) : value;
}
