import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import { CONTENT_PAGES, type Recording, type SiteContent } from '@artist/contracts';
import type { RecordingDto, SiteContentDto } from './dto/site-content.dto.js';
import { SITE_CONTENT_ROW, SiteContentRecord } from './site-content.entity.js';

/**
 * The page's content. It is read from the database once and kept in this process, replaced by
 * each save: the API runs as one process (docs/architecture.md), and every home page response
 * embeds it, so it is never read again per request. The object handed out is the same until the
 * next save, so what is derived from it (the rendered first paint) can be kept beside it.
 */
@Injectable()
export class ContentService {
  private current?: Promise<SiteContent>;

  constructor(
    @InjectRepository(SiteContentRecord)
    private readonly records: Repository<SiteContentRecord>,
  ) {}

  get(): Promise<SiteContent> {
    this.current ??= this.read().catch((error: unknown) => {
      // A failed read is tried again by the next request, not kept.
      this.current = undefined;
      throw error;
    });
    return this.current;
  }

  async save(input: SiteContentDto): Promise<SiteContent> {
    const content = toContent(input);
    await this.records.save({ id: SITE_CONTENT_ROW, data: content });
    this.current = Promise.resolve(content);
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
