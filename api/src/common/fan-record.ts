import { Column, PrimaryGeneratedColumn } from 'typeorm';

/** A record's `fanId`: the fan whose address it is (`fans`, from the `AddressSeen` event); null once erased. */
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
