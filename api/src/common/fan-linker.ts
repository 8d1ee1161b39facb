import { Column, PrimaryGeneratedColumn, type EntityManager } from 'typeorm';

/**
 * The id of the fan with an address, made on first sight, inside the caller's transaction so
 * the fan row commits or rolls back with the record that names it; null for an address that is
 * nobody's. The fans module provides it; the modules whose records name a fan (orders, signups,
 * notify-me requests, messages) ask for it here, since the fans module reads their records.
 */
export abstract class FanLinker {
  abstract link(
    manager: EntityManager,
    email: string | null | undefined,
    seenAt: Date,
  ): Promise<number | null>;
}

/** A record's `fanId`: the fan whose address it is (`fans`, from `FanLinker`); null once erased. */
export const FanIdColumn = () => Column({ type: 'integer', nullable: true });

/**
 * The head of a record a fan leaves (an order, a back-in-stock request, a message): its id and
 * the fan it names. An entity extends it; its columns are the entity's own, first, as before.
 */
export abstract class FanRecord {
  @PrimaryGeneratedColumn()
  id: number;

  @FanIdColumn()
  fanId: number | null;
}
