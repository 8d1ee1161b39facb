import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import { CONTENT_PAGES, type Recording, type SiteContent } from '@artist/contracts';
import { PublicAnswers, type PublicAnswer } from '../../database/public-answers.js';
import { TableBackedValue, TableVersions } from '../../database/table-versions.js';
import { Transactions } from '../../database/transaction.js';
import type { RecordingDto, SiteContentDto } from './dto/site-content.dto.js';
import { SITE_CONTENT_ROW, SiteContentRecord } from './site-content.entity.js';

/**
 * The page's content. Every home page response embeds it, so it is read from the database once
 * and kept in this process until the table is written: by a save here (the saved content is kept
 * at once), or on another instance (read again within SHARED_VERSIONS_READ_MS; see
 * table-versions.ts). The object handed out is the same until then, so what is derived from it
 * (the rendered first paint) can be kept beside it.
 */
@Injectable()
export class ContentService {
  private readonly current: TableBackedValue<SiteContent>;

  constructor(
    @InjectRepository(SiteContentRecord)
    private readonly records: Repository<SiteContentRecord>,
    versions: TableVersions,
    private readonly transactions: Transactions,
    private readonly answers: PublicAnswers,
  ) {
    this.current = new TableBackedValue(versions, [records.metadata.tableName], () => this.read());
  }

  get(): Promise<SiteContent> {
    return this.current.get();
  }

  /** `GET /api/content` as sent, kept until the content is saved (here or on another instance). */
  publicAnswer(): PublicAnswer<SiteContent> | Promise<PublicAnswer<SiteContent>> {
    return this.answers.get('content', [this.records.metadata.tableName], '', () => this.get());
  }

  async save(input: SiteContentDto): Promise<SiteContent> {
    const content = toContent(input);
    await this.transactions.run((manager) =>
      manager.save(
        SiteContentRecord,
        { id: SITE_CONTENT_ROW, data: content },
        { transaction: false },
      ),
    );
    this.current.set(content);
    return content;
  }

  private async read(): Promise<SiteContent> {
    const row = await this.records.findOneBy({ id: SITE_CONTENT_ROW });
    // The migration that made the table wrote the row; without it the schema is broken.
    if (!row) throw new Error('The site_content row is missing: run the migrations.');
    // Content saved before the postal address existed has none.
    return { ...row.data, postalAddress: row.data.postalAddress ?? '' };
  }
}

/** A plain object of exactly the contract's fields, in the contract's order. */
function toContent(input: SiteContentDto): SiteContent {
  return {
    tagline: input.tagline,
    bio: input.bio,
    featured: toRecording(input.featured),
    tracks: input.tracks.map(toRecording),
    socialLinks: input.socialLinks.map(({ label, url }) => ({ label, url })),
    pressKitUrl: input.pressKitUrl,
    contacts: input.contacts.map(({ label, email }) => ({ label, email })),
    pages: Object.fromEntries(
      CONTENT_PAGES.map((page) => [page, input.pages[page]]),
    ) as SiteContent['pages'],
    postalAddress: input.postalAddress,
  };
}

function toRecording({ title, spotifyUrl, appleMusicUrl, youtubeUrl }: RecordingDto): Recording {
  return { title, spotifyUrl, appleMusicUrl, youtubeUrl };
}
