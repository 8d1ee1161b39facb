import { randomUUID } from 'node:crypto';
import {
  BadGatewayException,
  BadRequestException,
  Inject,
  Injectable,
  Logger,
  NotFoundException,
  ServiceUnavailableException,
  UnprocessableEntityException,
} from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import {
  CHECKOUT_FAILED_MESSAGE,
  DEFAULT_COUNTRY,
  MAX_CHECKOUT_ITEMS,
  MAX_QUANTITY,
  PAYMENTS_NOT_SET_UP_MESSAGE,
  isWholeReceipt,
  type CheckoutItem,
  type CheckoutReceipt,
  type CheckoutReceiptSummary,
  type CheckoutResponse,
  type CheckoutSessionStatus,
  type DiscountCheck,
  type ShippingQuote,
  preOrderNote,
} from '@artist/contracts';
import type { DiscountCheckDto } from './dto/discount-check.dto.js';
import { APP_CONFIG } from '../../config/config.module.js';
import type { AppConfig } from '../../config/env.js';
import { Clock } from '../../common/clock.js';
import {
  CatalogService,
  lineName,
  storedSize,
  type VariantCounts,
  InventoryService,
  pendingKey,
} from '../catalog/index.js';
import { DiscountsService, type AppliedDiscount } from '../discounts/index.js';
import { DownloadsService } from '../releases/index.js';
import { OrdersService } from '../orders/index.js';
import { ShippingService, unknownRateMessage, type PricedRate } from '../shipping/index.js';
import { CheckoutSession, type SoldLine } from './checkout-session.entity.js';
import { mergeLines } from './cart-lines.js';
import {
  checkOnePricePerProduct,
  downloadCountry,
  FREE_ORDER_EMAIL_MESSAGE,
  freePaidSession,
  freeSession,
  isDigitalOnly,
  NO_SHIPPING,
  releaseLineFields,
  shippedSums,
  unitPriceOf,
} from './digital-lines.js';
import {
  TOO_MANY_ITEMS_MESSAGE,
  tooManyOfOneMessage,
  type CreateCheckoutSessionDto,
  type ShippingQuoteDto,
} from './dto/create-checkout-session.dto.js';
import { FulfilmentService } from './fulfilment.service.js';
import { readReceipt } from './receipt.js';
import {
  PaymentProvider,
  PaymentProviderError,
  PaymentsNotSetUpError,
} from './payment-provider.js';
import { ProviderSessionCache } from './provider-session-cache.js';

/** A release asked for before its release date (it is not in the shop yet). */
export const NOT_RELEASED_MESSAGE =
  'This release is not out yet: it can be bought from its release date.';

/** An unpaid Checkout Session stops taking payment at Stripe this long after it is created. */
export const SESSION_EXPIRY_MS = 30 * 60 * 1000;
/**
 * A cart's stock (and discount use) is held this much longer than its session lives: the session's
 * expiry is counted from when it is created at the provider, after the hold, so the hold outlasts
 * any session that can still be paid.
 */
export const HOLD_MARGIN_MS = 5 * 60 * 1000;

/** A session just opened: the address to send the buyer to, and its id. */
export interface OpenedCheckout extends CheckoutResponse {
  sessionId: string;
}

export const SESSION_NOT_FOUND_MESSAGE = 'Checkout session not found.';

/** A cart priced from the catalogue: its lines, the variants they take, and its sums. */
export interface PricedCart {
  /** Each line with the variant it takes and its product's tax code. */
  priced: { line: SoldLine; variant: VariantCounts; taxCode: string }[];
  lines: SoldLine[];
  subtotal: number;
  itemCount: number;
}

/** What a checkout charges: the cart, where it ships and the rates offered there. */
interface CheckoutAmounts {
  cart: PricedCart;
  country: string;
  allowedCountries: string[];
  /** The buyer's choice first. */
  rates: PricedRate[];
}
export const STATUS_FAILED_MESSAGE = 'Failed to check the checkout session';

@Injectable()
export class CheckoutService {
  private readonly logger = new Logger(CheckoutService.name);

  constructor(
    @InjectRepository(CheckoutSession) private readonly sessions: Repository<CheckoutSession>,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly catalog: CatalogService,
    private readonly provider: PaymentProvider,
    private readonly fulfilment: FulfilmentService,
    private readonly clock: Clock,
    private readonly inventory: InventoryService,
    private readonly providerAnswers: ProviderSessionCache,
    private readonly shipping: ShippingService,
    private readonly discounts: DiscountsService,
    private readonly downloads: DownloadsService,
    private readonly orders: OrdersService,
  ) {}

  /**
   * `POST /api/discounts/check`: the cart with the code applied, shipping at the chosen rate (the
   * zone's first when none is named), or 422 saying why the code does not apply.
   */
  async checkDiscount(input: DiscountCheckDto): Promise<DiscountCheck> {
    const amounts = await this.amounts(input);
    const { subtotal } = amounts.cart;
    const applied = await this.discounts.check(input.code, amounts.cart, input.email);
    const shipping = amounts.rates[0].amountCents;
    return {
      subtotalCents: subtotal,
      discountCents: applied.amountCents,
      shippingCents: shipping,
      totalCents: subtotal - applied.amountCents + shipping,
    };
  }

  /**
   * Merges the cart's lines of one product and size and prices them from the catalogue; a cart
   * over MAX_QUANTITY of one size or MAX_CHECKOUT_ITEMS in all is refused (400).
   */
  async priceCart(items: CheckoutItem[]): Promise<PricedCart> {
    checkOnePricePerProduct(items);
    const today = this.clock.today();
    const priced = await Promise.all(mergeLines(items).map((item) => this.price(item, today)));
    const lines = priced.map(({ line }) => line);
    const tooMany = lines.find((line) => line.quantity > MAX_QUANTITY);
    if (tooMany) throw new BadRequestException(tooManyOfOneMessage(tooMany.name));
    const itemCount = lines.reduce((sum, line) => sum + line.quantity, 0);
    if (itemCount > MAX_CHECKOUT_ITEMS) throw new BadRequestException(TOO_MANY_ITEMS_MESSAGE);
    const subtotal = lines.reduce((sum, line) => sum + line.unitPrice * line.quantity, 0);
    return { priced, lines, subtotal, itemCount };
  }

  /** `POST /api/shipping/quote`: the rates of the country's zone for this cart, or 422. */
  async quote(input: ShippingQuoteDto): Promise<ShippingQuote> {
    const cart = await this.priceCart(input.items);
    // Downloads only: the one rate is 'Download', free (id 0, which checkout never needs).
    const { rates } = isDigitalOnly(cart.lines)
      ? { rates: [NO_SHIPPING] }
      : await this.shipping.forCart(input.country, ...shippedSums(cart.lines));
    return {
      rates: rates.map(({ id, name, amountCents, deliveryDays }) => ({
        id,
        name,
        amountCents,
        deliveryDays,
      })),
    };
  }

  /**
   * The amounts of a checkout, worked out on the server: the cart from the catalogue, the rates
   * of the country's zone (422 when none ships there, or the rate asked for is not the zone's).
   */
  private async amounts(
    input: Pick<CreateCheckoutSessionDto, 'items' | 'country' | 'shippingRateId'>,
  ): Promise<CheckoutAmounts> {
    const cart = await this.priceCart(input.items);
    if (isDigitalOnly(cart.lines)) {
      const country = downloadCountry(input.country);
      return { cart, country, allowedCountries: [country], rates: [NO_SHIPPING] };
    }
    const country = input.country ?? DEFAULT_COUNTRY;
    // Downloads in the cart weigh nothing: shipping is priced on what ships.
    const { zone, rates } = await this.shipping.forCart(country, ...shippedSums(cart.lines));
    const chosen =
      input.shippingRateId === undefined
        ? rates[0]
        : rates.find((rate) => rate.id === input.shippingRateId);
    if (!chosen) throw new UnprocessableEntityException(unknownRateMessage(country));
    return {
      cart,
      country,
      allowedCountries: zone.countries,
      rates: [chosen, ...rates.filter((rate) => rate !== chosen)],
    };
  }

  /**
   * Prices the cart (`priceCart`) and its shipping to `country` (US when left out) at the chosen
   * rate (the zone's first when none is named; 422 when none ships there), holds its quantities for
   * `client` (409 when more are asked for than are left, 429 when the address would hold more
   * than MAX_QUANTITY of a size across its open checkouts) for the session's 30 minutes plus
   * HOLD_MARGIN_MS, opens a session at the provider that expires 30 minutes after it is created
   * there, and records it. A failure after the hold gives the quantities back.
   */
  /** `siteUrl`: this site's address the fan came from, where payment returns (default PUBLIC_URL). */
  async createSession(
    input: CreateCheckoutSessionDto,
    client: string,
    siteUrl = this.config.publicUrl,
  ): Promise<OpenedCheckout> {
    const amounts = await this.amounts(input);
    const { priced } = amounts.cart;
    const heldUntil = new Date(this.clock.now().getTime() + SESSION_EXPIRY_MS + HOLD_MARGIN_MS);
    const idempotencyKey = randomUUID();
    const holdKey = pendingKey(idempotencyKey);
    // The code's use is held first: a refusal (422) then leaves no stock held.
    const discount = input.discountCode
      ? await this.discounts.hold(
          holdKey,
          input.discountCode,
          amounts.cart,
          input.email,
          heldUntil.getTime(),
        )
      : null;
    try {
      await this.inventory.reserve(
        holdKey,
        priced.map(({ line, variant }) => ({ ...line, variant })),
        heldUntil.getTime(),
        { client, most: MAX_QUANTITY },
      );
    } catch (error) {
      if (discount) await this.discounts.release(holdKey);
      throw error;
    }
    try {
      return await this.openSession(
        amounts,
        discount,
        input.email ?? null,
        heldUntil,
        idempotencyKey,
        holdKey,
        siteUrl,
      );
    } catch (error) {
      await this.inventory.release(holdKey);
      if (discount) await this.discounts.release(holdKey);
      throw error;
    }
  }

  private async openSession(
    amounts: CheckoutAmounts,
    discount: AppliedDiscount | null,
    email: string | null,
    heldUntil: Date,
    idempotencyKey: string,
    holdKey: string,
    siteUrl: string,
  ): Promise<OpenedCheckout> {
    const { lines, subtotal, priced } = amounts.cart;
    // Tax codes go to Stripe Tax only; without it the provider is told of no tax.
    const taxed = this.config.stripe?.automaticTax === true;
    const [chosen] = amounts.rates;
    const digitalOnly = isDigitalOnly(lines);
    const total = subtotal - (discount?.amountCents ?? 0) + chosen.amountCents;
    const free = digitalOnly && total === 0;
    if (free && !email) throw new BadRequestException(FREE_ORDER_EMAIL_MESSAGE);
    const successUrl = `${siteUrl}/?checkout=success&session_id={CHECKOUT_SESSION_ID}`;
    // Nothing to pay (a free download): no session at the provider; the order is made at once
    // and the answer is the receipt's address.
    let created = free ? freeSession(idempotencyKey, successUrl) : undefined;
    try {
      created ??= await this.provider.createSession({
        lines: priced.map(({ line, taxCode }) => ({
          name: line.name,
          ...(line.preOrderUntil ? { description: preOrderNote(line.preOrderUntil) } : {}),
          ...(taxed ? { taxCode } : {}),
          unitAmount: line.unitPrice,
          quantity: line.quantity,
        })),
        // A cart of downloads only asks for no address and offers no shipping.
        shippingOptions: digitalOnly
          ? []
          : amounts.rates.map(({ name, amountCents, days }) => ({
              name,
              amountCents,
              days,
            })),
        allowedCountries: digitalOnly ? [] : amounts.allowedCountries,
        discount: discount ? { code: discount.code, amountCents: discount.amountCents } : null,
        email,
        successUrl,
        cancelUrl: `${siteUrl}/?checkout=canceled`,
        siteUrl,
        lifetimeMs: SESSION_EXPIRY_MS,
        heldUntil,
        idempotencyKey,
      });
    } catch (error) {
      if (error instanceof PaymentsNotSetUpError) {
        throw new ServiceUnavailableException(PAYMENTS_NOT_SET_UP_MESSAGE);
      }
      if (!(error instanceof PaymentProviderError)) throw error;
      this.logger.error(error);
      throw new BadGatewayException(CHECKOUT_FAILED_MESSAGE);
    }
    // Saved before the buyer gets the URL, so no payment can arrive for a session we lack.
    await this.sessions.insert({
      sessionId: created.id,
      provider: this.provider.name,
      lines: JSON.stringify(lines),
      subtotal,
      shipping: chosen.amountCents,
      total,
      discountCode: discount?.code ?? null,
      discountAmount: discount?.amountCents ?? 0,
      country: amounts.country,
      shippingRateName: chosen.name,
      shippingOptions: JSON.stringify(
        amounts.rates.map(({ name, amountCents }) => ({ name, amountCents })),
      ),
      status: 'open',
    });
    await this.inventory.attach(holdKey, created.id);
    if (discount) await this.discounts.attach(holdKey, created.id);
    if (free) await this.fulfilment.fulfilPaidSession(freePaidSession(created.id, email!));
    return { url: created.url, sessionId: created.id };
  }

  /**
   * The success return: fulfils the session if it is paid, whether or not the webhook came. A
   * session already completed is answered from its order, without asking the provider; otherwise
   * the provider's answer is reused for a few seconds (`ProviderSessionCache`).
   * `checkoutBrowser`: the request carries the cookie of the browser that opened the session.
   */
  async sessionStatus(sessionId: string, checkoutBrowser: boolean): Promise<CheckoutSessionStatus> {
    const record = await this.findOwn(sessionId);
    const viewer = { now: this.clock.now(), checkoutBrowser };
    if (record.status === 'completed') {
      const order = await readReceipt(this.sessions.manager, this.orders, sessionId, viewer);
      if (order)
        return {
          paid: true,
          status: 'complete',
          order: await this.withDownloads(order, sessionId),
        };
    }
    let session;
    try {
      session = await this.providerAnswers.retrieve(sessionId);
    } catch (error) {
      if (!(error instanceof PaymentProviderError)) throw error;
      this.logger.error(error);
      throw new BadGatewayException(STATUS_FAILED_MESSAGE);
    }
    await this.fulfilment.fulfilPaidSession(session);
    const paid = session.paymentStatus === 'paid';
    const order = paid
      ? await readReceipt(this.sessions.manager, this.orders, sessionId, viewer)
      : null;
    return order
      ? { paid, status: session.status, order: await this.withDownloads(order, sessionId) }
      : { paid, status: session.status };
  }

  /**
   * The whole receipt of a paid order gains its download links; a free order's say where they
   * were emailed instead, and the summary shown to others has none.
   */
  private async withDownloads<T extends CheckoutReceipt | CheckoutReceiptSummary>(
    order: T,
    sessionId: string,
  ): Promise<T> {
    if (!isWholeReceipt(order) || order.downloadsNote) return order;
    const downloads = await this.downloads.forSession(sessionId);
    return downloads.length ? { ...order, downloads } : order;
  }

  /** A session this server opened with the current provider, or 404. */
  async findOwn(sessionId: string): Promise<CheckoutSession> {
    const record = await this.sessions.findOneBy({ sessionId });
    if (!record || record.provider !== this.provider.name) {
      throw new NotFoundException(SESSION_NOT_FOUND_MESSAGE);
    }
    return record;
  }

  /**
   * A cart line priced from the catalogue, with the variant it takes and its counts as read; a
   * pre-order while its date is after `today` (the artist's calendar date).
   */
  private async price(
    item: CheckoutItem,
    today: string,
  ): Promise<{ line: SoldLine; variant: VariantCounts; taxCode: string }> {
    const product = await this.catalog.forCheckout(item.productId);
    if (!product) throw new BadRequestException(`Unknown product: ${item.productId}.`);
    if (product.releaseDate && product.releaseDate > today) {
      throw new BadRequestException(NOT_RELEASED_MESSAGE);
    }
    // A product with nothing left is refused by the hold, with 409 and how many are left.
    const sizes = product.variants.map((v) => v.size).filter((size) => size !== '');
    let size: string | null = null;
    if (sizes.length) {
      if (item.size === undefined || item.size === '') {
        throw new BadRequestException(`Choose a size for the ${product.name}.`);
      }
      if (!sizes.includes(item.size)) {
        throw new BadRequestException(
          `The ${product.name} does not come in size ${item.size}; choose ${sizes.join(', ')}.`,
        );
      }
      size = item.size;
    } else if (item.size !== undefined && item.size !== '') {
      throw new BadRequestException(`The ${product.name} does not come in sizes.`);
    }
    const variant = product.variants.find((v) => v.size === storedSize(size));
    const name = lineName(product.name, size);
    if (!variant) throw new BadRequestException(`${name} is not in the shop.`);
    return {
      line: {
        productId: product.id,
        size,
        name,
        unitPrice: unitPriceOf(product, item),
        quantity: item.quantity,
        ...(product.preOrderUntil && product.preOrderUntil > today
          ? { preOrderUntil: product.preOrderUntil }
          : {}),
        ...releaseLineFields(product),
      },
      variant,
      taxCode: product.taxCode,
    };
  }
}
