import { applyDecorators, Injectable } from '@nestjs/common';
import { DiscoveryService } from '@nestjs/core';
import type {
  EmailSubject,
  EmailSubjectType,
  FanErasure,
  FanExportSection,
} from '@artist/contracts';
import type { EntityManager, ObjectLiteral } from 'typeorm';

/** The person a privacy request is about: a fan, by id and normalised address. */
export interface PersonalDataSubject {
  readonly id: number;
  readonly email: string;
}

/**
 * What the providers that ran before have found, for those that follow: the addresses the person
 * used, their orders, their records that emails name as their subject (an order, a signup, a
 * message…), and the names of the counts kept for their mailboxes. Made afresh for each request.
 */
export interface PersonalDataTrail {
  readonly addresses: Set<string>;
  readonly orderIds: number[];
  readonly emailSubjects: EmailSubject[];
  readonly mailQuotas: Set<string>;
}

/**
 * Names a provider's records (by their `ids`, all of one type) as subjects of emails, so that the outbox's
 * provider, which runs last, finds the emails about them.
 */
export function addEmailSubjects(
  trail: PersonalDataTrail,
  type: EmailSubjectType,
  ...ids: (number | string)[]
): void {
  trail.emailSubjects.push(...ids.map((id) => ({ type, id })));
}

/** The rows one provider found about a person. */
export interface PersonalRows {
  /** Its sections of the export, each the rows as stored. */
  readonly sections: Partial<Record<FanExportSection, object[]>>;
  /**
   * Erases them (deleting, or keeping what must stay without what names the person); answers
   * its figures of the erasure's answer.
   */
  erase(manager: EntityManager): Promise<Partial<FanErasure>>;
}

/**
 * When a provider runs: `records` are the person's own records (by fan id or address), which name
 * addresses, orders and emails in the trail; `traces` follow from those; `mail` last, the outbox
 * and the mailbox counts, which every other module's records name.
 */
export type PersonalDataStage = 'records' | 'traces' | 'mail';
export const PERSONAL_DATA_STAGES: readonly PersonalDataStage[] = ['records', 'traces', 'mail'];

/**
 * A module's part of the fans module's export and erasure. Each module that stores anything about
 * a person provides one, marked `@PersonalDataProvider()`, naming the tables it covers (a test
 * fails when a table with an email-like column is covered by none). Both run in one transaction.
 */
export interface PersonalData {
  readonly tables: readonly string[];
  readonly stage: PersonalDataStage;
  find(
    manager: EntityManager,
    subject: PersonalDataSubject,
    trail: PersonalDataTrail,
  ): Promise<PersonalRows>;
}

const personalDataMark = DiscoveryService.createDecorator<void>();

/**
 * Makes a class an injectable `PersonalData` provider, marked so that the registry finds it.
 */
export const PersonalDataProvider = () => applyDecorators(Injectable(), personalDataMark());

/** Every module's `PersonalData`, in the order they run. */
@Injectable()
export class PersonalDataRegistry {
  constructor(private readonly discovery: DiscoveryService) {}

  providers(): PersonalData[] {
    const found = this.discovery
      .getProviders({ metadataKey: personalDataMark.KEY })
      .map((wrapper) => wrapper.instance as PersonalData);
    return PERSONAL_DATA_STAGES.flatMap((stage) => found.filter((p) => p.stage === stage));
  }

  /** Every row about the person, found in one pass over the providers. */
  async find(manager: EntityManager, subject: PersonalDataSubject): Promise<PersonalRows[]> {
    const trail: PersonalDataTrail = {
      addresses: new Set([subject.email]),
      orderIds: [],
      emailSubjects: [],
      mailQuotas: new Set(),
    };
    const rows: PersonalRows[] = [];
    for (const provider of this.providers())
      rows.push(await provider.find(manager, subject, trail));
    return rows;
  }
}

/**
 * A person's records in a table with `fanId`, `email` and `createdAt`, newest first: those linked
 * to them, and any row with their address that is not (a row written before the link existed, in
 * any letter case), so a privacy request misses nothing.
 */
export function recordsOfPerson<T extends ObjectLiteral>(
  manager: EntityManager,
  entity: new () => T,
  alias: string,
  subject: PersonalDataSubject,
): Promise<T[]> {
  return manager
    .getRepository(entity)
    .createQueryBuilder(alias)
    .where(`(${alias}.fanId = :id OR LOWER(TRIM(${alias}.email)) = :email)`, {
      id: subject.id,
      email: subject.email,
    })
    .orderBy(`${alias}.createdAt`, 'DESC')
    .addOrderBy(`${alias}.id`, 'DESC')
    .getMany();
}

/** Rows that erasure deletes: one section of the export, and one figure of the answer. */
export function deletedRows<T extends { id: number }>(
  entity: new () => T,
  section: FanExportSection,
  rows: T[],
  counted: keyof FanErasure,
): PersonalRows {
  return {
    sections: { [section]: rows },
    async erase(manager) {
      if (rows.length)
        await manager.delete(
          entity,
          rows.map((r) => r.id),
        );
      return { [counted]: rows.length };
    },
  };
}

/**
 * A provider for a module's own records of a person (a table with `fanId`, `email` and
 * `createdAt`, named as its export section), which emails name as their subject and erasure
 * deletes. With `addressesLead`, the addresses on those records are the person's too, and lead
 * the providers that follow to their rows under them.
 */
export abstract class DeletedPersonalRecords<
  T extends { id: number; email: string },
> implements PersonalData {
  readonly tables: readonly string[];
  readonly stage = 'records';

  constructor(
    private readonly entity: new () => T,
    private readonly section: FanExportSection,
    private readonly subjectType: EmailSubjectType,
    private readonly counted: keyof FanErasure,
    private readonly addressesLead: boolean,
  ) {
    this.tables = [section];
  }

  async find(manager: EntityManager, subject: PersonalDataSubject, trail: PersonalDataTrail) {
    const rows = await recordsOfPerson(manager, this.entity, 'r', subject);
    if (this.addressesLead) for (const row of rows) trail.addresses.add(row.email);
    addEmailSubjects(trail, this.subjectType, ...rows.map((row) => row.id));
    return deletedRows(this.entity, this.section, rows, this.counted);
  }
}

/**
 * A column that may name a person: its name speaks of an email or an address (postal, email or
 * network), it is a part of an order's shipping address (`shipName`, `shipLine1`, …), or it is a
 * client's network address. Only text columns count (`oncePerEmail` is a flag).
 */
export const PERSONAL_COLUMN =
  /email|address|^ship(Name|Line1|Line2|City|State|PostalCode|Country|Phone)$|^client$|^ip/i;

/**
 * Tables with such a column that no `PersonalData` covers, each with the reason. Every other
 * table with one must be covered by some module's `PersonalData` (test/personal-data.e2e-spec.ts).
 */
export const NOT_COVERED_BY_PERSONAL_DATA: Readonly<Record<string, string>> = {
  fans: 'the fan row itself: the fans module exports it as `fan` and deletes it after every module has erased its rows',
  rate_limit_hits:
    "a client's network address (an IPv6 client's /64), kept only until its window of minutes has passed, and tied to no fan or email address",
  membership_checkouts:
    'an address only while its membership checkout is being opened: deleted once the payment page is made, and lapsed after a minute at most',
  stock_reservations:
    'the client network address whose checkout holds stock (what one address may hold at once is capped), tied to no fan or email address',
};
