import { createHash } from 'node:crypto';
import { Injectable, NotFoundException } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import { SHOW_LIST_FILTERS, type AdminShow, type PublicShow } from '@artist/contracts';
import { Clock } from '../../common/clock.js';
import { whereSearch } from '../../common/list-query.js';
import { blankToNull } from '../../common/strings.js';
import type { ShowInputDto } from './dto/show-input.dto.js';
import { Show } from './show.entity.js';

export interface PublicShowsBody {
  json: Buffer;
  etag: string;
}

/** Longest time a built public list is served before it is read again from the database. */
export const PUBLIC_CACHE_MS = 1000;

export const SHOW_FILTERS = SHOW_LIST_FILTERS;
export type ShowFilter = (typeof SHOW_FILTERS)[number] | 'all';

const PUBLIC_FIELDS = [
  'id',
  'date',
  'venue',
  'city',
  'time',
  'ageRequirement',
  'soldOut',
  'ticketButtonType',
  'ticketUrl',
] as const satisfies readonly (keyof PublicShow)[];

@Injectable()
export class ShowsService {
  /**
   * The public list as sent (JSON bytes and their ETag). It is dropped on every write through
   * this service, so a change reaches this instance's very next visitor, and is rebuilt at least
   * every second (and when the artist's date changes), so other api instances follow within a
   * second.
   */
  private publicCache?: PublicShowsBody & { day: string; builtAt: number };

  constructor(
    @InjectRepository(Show) private readonly shows: Repository<Show>,
    private readonly clock: Clock,
  ) {}

  /** listPublic() serialised once: the bytes of the answer and their ETag. */
  async publicBody(): Promise<PublicShowsBody> {
    const day = this.clock.today();
    const now = Date.now();
    const cached = this.publicCache;
    if (cached?.day === day && now - cached.builtAt < PUBLIC_CACHE_MS) return cached;
    const json = Buffer.from(JSON.stringify(await this.listPublic(day)));
    const etag = `"${createHash('sha1').update(json).digest('base64url')}"`;
    this.publicCache = { day, json, etag, builtAt: now };
    return this.publicCache;
  }

  /** Published shows dated today or later (artist's time zone), soonest first, public fields. */
  async listPublic(day = this.clock.today()): Promise<PublicShow[]> {
    const rows = await this.shows
      .createQueryBuilder('show')
      .select(PUBLIC_FIELDS.map((field) => `show.${field}`))
      .where('show.status = :status', { status: 'published' })
      .andWhere('show.date >= :day', { day })
      .orderBy('show.date', 'ASC')
      .addOrderBy('show.id', 'ASC')
      .getMany();
    return rows.map((row) => pick(row, PUBLIC_FIELDS));
  }

  /** Every show matching the admin's filter and search, by date. */
  async listAdmin(filter: ShowFilter = 'all', search = ''): Promise<AdminShow[]> {
    const qb = this.shows.createQueryBuilder('show');
    const today = this.clock.today();
    if (filter === 'draft') qb.where('show.status = :status', { status: 'draft' });
    if (filter === 'published') {
      qb.where('show.status = :status AND show.date >= :today', { status: 'published', today });
    }
    if (filter === 'past') {
      qb.where('show.status = :status AND show.date < :today', { status: 'published', today });
    }
    whereSearch(qb, ['venue', 'city', 'time', 'notes'], search);
    const rows = await qb.orderBy('show.date', 'ASC').addOrderBy('show.id', 'ASC').getMany();
    return rows.map(toAdminShow);
  }

  async create(input: ShowInputDto): Promise<AdminShow> {
    const saved = await this.shows.save(this.shows.create(fromInput(input)));
    this.publicCache = undefined;
    return toAdminShow(saved);
  }

  async update(id: number, input: ShowInputDto): Promise<AdminShow> {
    const show = await this.shows.findOneBy({ id });
    if (!show) throw new NotFoundException('Show not found.');
    const saved = await this.shows.save(Object.assign(show, fromInput(input)));
    this.publicCache = undefined;
    return toAdminShow(saved);
  }
}

function fromInput(input: ShowInputDto): Partial<Show> {
  return {
    venue: input.venue,
    city: input.city,
    date: input.date,
    time: input.time,
    ageRequirement: input.ageRequirement,
    ticketButtonType: input.ticketButtonType,
    ticketUrl: input.ticketButtonType === 'url' ? (input.ticketUrl ?? null) : null,
    soldOut: input.soldOut,
    status: input.status,
    notes: blankToNull(input.notes),
  };
}

function toAdminShow(show: Show): AdminShow {
  return {
    ...pick(show, PUBLIC_FIELDS),
    status: show.status,
    notes: show.notes,
    createdAt: show.createdAt.toISOString(),
    updatedAt: show.updatedAt.toISOString(),
  };
}

function pick<T, K extends keyof T>(row: T, keys: readonly K[]): Pick<T, K> {
  return Object.fromEntries(keys.map((key) => [key, row[key]])) as Pick<T, K>;
}
