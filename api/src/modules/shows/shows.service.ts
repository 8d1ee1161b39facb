import { Inject, Injectable, NotFoundException } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { In, type Repository } from 'typeorm';
import {
  type AdminShow,
  type PublicShow,
  type ShowListFilter,
  type ShowSort,
} from '@artist/contracts';
import { Clock } from '../../common/clock.js';
import type { ListDefinition } from '../../lists/list.js';
import { blankToNull } from '../../common/strings.js';
import { APP_CONFIG } from '../../config/config.module.js';
import type { AppConfig } from '../../config/env.js';
import { PublicAnswers, type PublicAnswer } from '../../database/public-answers.js';
import { Transactions } from '../../database/transaction.js';
import { timeZoneOfCity } from './city-time-zone.js';
import type { ShowInputDto } from './dto/show-input.dto.js';
import type { ListedShow } from './show-calendar.js';
import { PlacesService, placeColumns } from '../places/index.js';
import { Show } from './show.entity.js';

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
  'timeZone',
] as const satisfies readonly (keyof PublicShow)[];

@Injectable()
export class ShowsService {
  constructor(
    @InjectRepository(Show) private readonly shows: Repository<Show>,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly places: PlacesService,
    private readonly transactions: Transactions,
    private readonly answers: PublicAnswers,
  ) {}

  /**
   * The zone a saved show's time is written in: the one the artist chose, else its city's (kept
   * while the city stays the same), else ARTIST_TIMEZONE.
   */
  private timeZoneFor(input: ShowInputDto, before?: Show): string {
    if (input.timeZone) return input.timeZone;
    if (before?.timeZone && before.city === input.city) return before.timeZone;
    return timeZoneOfCity(input.city) ?? this.config.timeZone;
  }

  /**
   * The public list, as read and as sent (`GET /api/shows`: JSON bytes and their ETag), kept in
   * memory until the shows table is written (here at once, on another instance within
   * SHARED_VERSIONS_READ_MS) or the artist's date changes. The JSON list, the calendar feed and
   * the home page's structured data all read it: they can never disagree about which shows are
   * upcoming.
   */
  publicAnswer(): PublicAnswer<ListedShow[]> | Promise<PublicAnswer<ListedShow[]>> {
    const day = this.clock.today();
    return this.answers.get(
      'shows',
      [this.shows.metadata.tableName],
      day,
      () => this.readPublic(day),
      (shows) => shows.map((show) => pick(show, PUBLIC_FIELDS)),
    );
  }

  /**
   * Published shows dated today or later (artist's time zone), soonest first: public fields and
   * the time each was last changed.
   */
  async listPublic(): Promise<ListedShow[]> {
    return (await this.publicAnswer()).value;
  }

  /** One show of listPublic(); undefined for a draft, a past show or an unknown id. */
  async findPublic(id: number): Promise<ListedShow | undefined> {
    return (await this.listPublic()).find((show) => show.id === id);
  }

  /** The one query that decides which shows the public sees. */
  private async readPublic(day: string): Promise<ListedShow[]> {
    const rows = await this.shows
      .createQueryBuilder('show')
      .select([...PUBLIC_FIELDS, 'updatedAt'].map((field) => `show.${field}`))
      .where('show.status = :status', { status: 'published' })
      .andWhere('show.date >= :day', { day })
      .orderBy('show.date', 'ASC')
      .addOrderBy('show.id', 'ASC')
      .getMany();
    return rows.map((row) => ({
      ...pick(row, PUBLIC_FIELDS),
      timeZone: row.timeZone ?? this.config.timeZone,
      updatedAt: row.updatedAt,
    }));
  }

  /**
   * The admin's list of shows, soonest first by default. Published shows dated before today in
   * the artist's time zone are Past; this is the one place that decides it for the list, its
   * counts and its export.
   */
  listDefinition(
    today = this.clock.today(),
  ): ListDefinition<Show, AdminShow, ShowListFilter, ShowSort> {
    return {
      repository: this.shows,
      alias: 'show',
      parameters: { today },
      filters: {
        published: { where: "show.status = 'published' AND show.date >= :today" },
        draft: { where: "show.status = 'draft'" },
        past: { where: "show.status = 'published' AND show.date < :today" },
      },
      searchColumns: ['venue', 'city', 'time', 'notes'],
      sorts: {
        date: 'show.date',
        venue: 'LOWER(show.venue)',
        ageRequirement: 'show.ageRequirement',
        status:
          "CASE WHEN show.status = 'draft' THEN 'draft' " +
          "WHEN show.date < :today THEN 'past' ELSE 'published' END",
        createdAt: 'show.createdAt',
      },
      defaultSort: 'date',
      toRow: (show) => toAdminShow(show, today, this.config.timeZone),
    };
  }

  async create(input: ShowInputDto): Promise<AdminShow> {
    const saved = await this.transactions.run((manager) =>
      manager.save(
        this.shows.create(this.located({ ...fromInput(input), timeZone: this.timeZoneFor(input) })),
        { transaction: false },
      ),
    );
    return toAdminShow(saved, this.clock.today(), this.config.timeZone);
  }

  async update(id: number, input: ShowInputDto): Promise<AdminShow> {
    const show = await this.shows.findOneBy({ id });
    if (!show) throw new NotFoundException('Show not found.');
    const timeZone = this.timeZoneFor(input, show);
    const saved = await this.transactions.run((manager) =>
      manager.save(Object.assign(show, this.located({ ...fromInput(input), timeZone })), {
        transaction: false,
      }),
    );
    return toAdminShow(saved, this.clock.today(), this.config.timeZone);
  }

  /** A show's point (null when its city cannot be found), for announcements near it. */
  async placeOf(
    id: number,
  ): Promise<{ show: Show; place: { latitude: number; longitude: number } | null } | null> {
    const show = await this.shows.findOneBy({ id });
    if (!show) return null;
    const place =
      show.latitude !== null && show.longitude !== null
        ? { latitude: show.latitude, longitude: show.longitude }
        : null;
    return { show, place };
  }

  /** The show with the point of its city, found offline; null when it cannot be found. */
  private located(show: Partial<Show>): Partial<Show> {
    return { ...show, ...placeColumns(this.places.locate(show.city)) };
  }

  async remove(id: number): Promise<void> {
    const { affected } = await this.shows.delete({ id });
    if (!affected) throw new NotFoundException('Show not found.');
  }

  /** The venue and city of a show, or null when there is no such show (a merch-table sale's). */
  placeById(id: number): Promise<Pick<Show, 'id' | 'venue' | 'city'> | null> {
    return this.shows.findOne({ where: { id }, select: { id: true, venue: true, city: true } });
  }

  /** The shows of some ids that still exist. */
  findByIds(ids: number[]): Promise<Show[]> {
    return this.shows.findBy({ id: In(ids) });
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

function toAdminShow(show: Show, today: string, artistTimeZone: string): AdminShow {
  return {
    ...pick(show, PUBLIC_FIELDS),
    timeZone: show.timeZone ?? artistTimeZone,
    status: show.status,
    listStatus: show.status === 'draft' ? 'draft' : show.date < today ? 'past' : 'published',
    notes: show.notes,
    located: show.latitude !== null && show.longitude !== null,
    createdAt: show.createdAt.toISOString(),
    updatedAt: show.updatedAt.toISOString(),
  };
}

function pick<T, K extends keyof T>(row: T, keys: readonly K[]): Pick<T, K> {
  return Object.fromEntries(keys.map((key) => [key, row[key]])) as Pick<T, K>;
}
