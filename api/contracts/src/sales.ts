import type { SalesChannel } from './orders.js';

/**
 * Money and volume of a set of orders. Cents are integers. `grossCents` is what the orders were
 * charged (shipping included), `refundedCents` what went back, `netCents` the difference.
 * `orders` and `items` leave fully refunded orders out: a full refund undoes the sale.
 */
export interface SalesFigures {
  orders: number;
  items: number;
  grossCents: number;
  refundedCents: number;
  netCents: number;
}

export interface SalesMonth extends SalesFigures {
  /** YYYY-MM in the artist's time zone. */
  month: string;
}

/**
 * One product and size. `cents` is what its lines were sold for (quantity × unit price), of orders
 * not fully refunded; a partial refund is an amount of the order, not of a line, so it is not
 * split here (it is in the other breakdowns), nor is shipping.
 */
export interface SalesProduct {
  product: string;
  /** null for a product without sizes. */
  size: string | null;
  orders: number;
  items: number;
  cents: number;
}

/** Merch-table sales of one show; a sale without a picked show counts under its typed location. */
export interface SalesShow extends SalesFigures {
  showId: number | null;
  /** "Venue, City" of the show, or the typed location, or 'No location' */
  label: string;
  /** YYYY-MM-DD of the show, when the sale names one that still exists. */
  date: string | null;
}

export interface SalesChannelFigures extends SalesFigures {
  channel: SalesChannel;
}

/**
 * `GET /api/admin/sales?from&to`. An order counts on the day it was made, in `timeZone`, except a
 * merch-table sale at a picked show, which counts on the show's date (such sales are often
 * entered days later).
 */
export interface SalesReport {
  /** YYYY-MM-DD, both included, in `timeZone`. */
  from: string;
  to: string;
  timeZone: string;
  /**
   * Orders of the period the test payment provider took: they moved no money, so every figure
   * leaves them out, and the report says how many there were.
   */
  testOrdersLeftOut: number;
  totals: SalesFigures & {
    /** Net cents of disputed orders: counted in the net, but the bank may take them back. */
    disputedCents: number;
    /** Taken off by discount codes, cents (already out of the gross). */
    discountCents: number;
    /** Orders that used a discount code. */
    discountedOrders: number;
    /** Net cents of orders paid through an abandoned checkout's recovery link (in the net). */
    recoveredCents: number;
    /** Orders paid through a recovery link. */
    recoveredOrders: number;
    /**
     * Sales tax of the orders not fully refunded, cents: in the charged and net figures, but
     * owed to the tax authorities rather than revenue.
     */
    taxCents: number;
  };
  /** Every month of the period, in order, months without sales included. */
  byMonth: SalesMonth[];
  /** By product name, sizes in the catalogue's order. */
  byProduct: SalesProduct[];
  /** Merch-table sales only, by show date (latest first), then the sales without a show. */
  byShow: SalesShow[];
  /** Online, then in person (the merch table). */
  byChannel: SalesChannelFigures[];
  /** Digital releases, counted apart (their cents are in the totals too). */
  digital: SalesDigital;
  /**
   * Membership income beside the orders (not in the totals above): the paid invoices of the
   * period, first payments and renewals, by the day Stripe says they were paid.
   */
  memberships: SalesMemberships;
}

/** Membership income of a period: paid invoices and their cents, in all and by month. */
export interface SalesMemberships {
  payments: number;
  cents: number;
  /** Every month of the period, in order, as `byMonth`. */
  byMonth: { month: string; payments: number; cents: number }[];
}

/** What releases sold: orders with one, copies, their cents, and what fans paid above minimums. */
export interface SalesDigital {
  orders: number;
  items: number;
  cents: number;
  /** Paid above the minimum of name-your-price releases, cents. */
  aboveMinimumCents: number;
}

/** Query of `GET /api/admin/sales` and its CSV export. */
export interface SalesQuery {
  from?: string;
  to?: string;
}

/** The longest period one report covers. */
export const SALES_MAX_DAYS = 3700;
