import { Column, Entity, Index, PrimaryColumn, PrimaryGeneratedColumn } from 'typeorm';

/** A set of countries that ship alike, with its rates (`shipping_rates`). */
@Entity('shipping_zones')
export class ShippingZoneRecord {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'varchar', length: 100 })
  name: string;
}

/** A country of a zone; the primary key keeps each country in at most one zone. */
@Entity('shipping_zone_countries')
export class ShippingZoneCountry {
  /** ISO 3166-1 alpha-2, upper case. */
  @PrimaryColumn({ type: 'varchar', length: 2 })
  country: string;

  @Index('IDX_shipping_zone_countries_zoneId')
  @Column({ type: 'integer' })
  zoneId: number;
}

/** One way to ship to a zone. Cents. */
@Entity('shipping_rates')
export class ShippingRateRecord {
  @PrimaryGeneratedColumn()
  id: number;

  @Index('IDX_shipping_rates_zoneId')
  @Column({ type: 'integer' })
  zoneId: number;

  /** The zone's order of rates; the first is the default. */
  @Column({ type: 'integer', default: 0 })
  position: number;

  @Column({ type: 'varchar', length: 60 })
  name: string;

  @Column({ type: 'integer' })
  firstItemCents: number;

  @Column({ type: 'integer' })
  additionalItemCents: number;

  @Column({ type: 'integer', nullable: true })
  freeOverCents: number | null;

  /** Such as '3-5' or '7'. */
  @Column({ type: 'varchar', length: 20, nullable: true })
  deliveryDays: string | null;
}
