import { Column, Entity, PrimaryColumn } from 'typeorm';
import type { OrderLineItem } from '@artist/contracts';
import { DateTimeColumn, CreatedAtColumn } from '../../database/datetime.js';

/** `none`: no provider is configured, so no session is ever opened. */
export type CheckoutProvider = 'stripe' | 'test' | 'none';
/** `failed`: its delayed payment failed; `expired`: never paid. Neither makes an order. */
export type CheckoutSessionState = 'open' | 'processing' | 'completed' | 'failed' | 'expired';

/** One line as sold: priced from the catalogue when the session was created. Cents. */
export interface SoldLine {
  productId: string;
  size: string | null;
  name: string;
  unitPrice: number;
  quantity: number;
  /** On pre-order when sold: the date (YYYY-MM-DD) it ships from. */
  preOrderUntil?: string;
  /** A release downloaded: no shipping, and links once paid. */
  digital?: boolean;
  /** A name-your-price release's minimum when sold, so what was paid above it is known. */
  minPrice?: number;
}

/** A shipping rate as offered to the buyer of one session. Cents. */
export interface OfferedRate {
  name: string;
  amountCents: number;
}

/**
 * Our own record of what a checkout session sold, written when the session is created. Orders
 * are built from it, never from what the payment provider or the client says was bought.
 */
@Entity('checkout_sessions')
export class CheckoutSession {
  /** The payment provider's session id (`cs_…`). */
  @PrimaryColumn({ type: 'varchar', length: 255 })
  sessionId: string;

  @Column({ type: 'varchar', length: 10 })
  provider: CheckoutProvider;

  /** JSON text of SoldLine[]. */
  @Column({ type: 'text' })
  lines: string;

  @Column({ type: 'integer' })
  subtotal: number;

  @Column({ type: 'integer' })
  shipping: number;

  @Column({ type: 'integer' })
  total: number;

  /** The country the cart was priced for (its zone's countries are the ones it may ship to). */
  @Column({ type: 'varchar', length: 2, nullable: true })
  country: string | null;

  /** The rate the buyer chose in the cart; `shipping` is its price for this cart. */
  @Column({ type: 'varchar', length: 60, nullable: true })
  shippingRateName: string | null;

  /** JSON text of the rates offered, `{ name, amountCents }[]`, the chosen one first. */
  @Column({ type: 'text', nullable: true })
  shippingOptions: string | null;

  /** The discount code applied, upper case, or null. */
  @Column({ type: 'varchar', length: 30, nullable: true })
  discountCode: string | null;

  /** What the code took off the items, cents; `total` is after it. */
  @Column({ type: 'integer', default: 0 })
  discountAmount: number;

  /**
   * 'completed' once its order exists; 'processing' while a delayed payment (a bank debit) clears,
   * kept until it does; 'failed' or 'expired' when it closed unpaid. Rows neither completed nor
   * processing are removed a day after they were opened.
   */
  @Column({ type: 'varchar', length: 20, default: 'open' })
  status: CheckoutSessionState;

  @DateTimeColumn({ nullable: true })
  completedAt: Date | null;

  /**
   * A session Stripe opened from an expired one's recovery link: the expired session's id (its
   * row is copied, as sold then). Its order is marked recovered.
   */
  @Column({ type: 'varchar', length: 255, nullable: true })
  recoveredFrom: string | null;

  @CreatedAtColumn()
  createdAt: Date;

  offeredRates(): OfferedRate[] {
    return this.shippingOptions ? (JSON.parse(this.shippingOptions) as OfferedRate[]) : [];
  }

  soldLines(): SoldLine[] {
    return JSON.parse(this.lines) as SoldLine[];
  }

  /** The lines as an order keeps them (a pre-order's with the date it ships from). */
  orderLineItems(): OrderLineItem[] {
    return this.soldLines().map((line) => ({
      product_name: line.name,
      quantity: line.quantity,
      price: line.unitPrice,
      ...(line.preOrderUntil ? { pre_order_until: line.preOrderUntil } : {}),
      ...(line.digital ? { product_id: line.productId, digital: true } : {}),
      ...(line.minPrice !== undefined ? { min_price: line.minPrice } : {}),
    }));
  }
}
