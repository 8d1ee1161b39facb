import {
  BadRequestException,
  Body,
  ConflictException,
  Get,
  Inject,
  Injectable,
  NotFoundException,
  Param,
  Post,
} from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional, ApiResponse } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { ArrayMaxSize, ArrayMinSize, IsArray, ValidateNested } from 'class-validator';
import { In, type EntityManager } from 'typeorm';
import {
  ERASED,
  type FulfillmentStatus,
  type OrderShipment,
  type ShipmentLineInput,
  type ShipmentRequest,
  type ShipmentResult,
} from '@artist/contracts';
import { AdminController } from '../../common/admin-only.js';
import { Clock } from '../../common/clock.js';
import { WholeNumberField } from '../../common/numbers.js';
import { OptionalText, RequiredText } from '../../common/strings.js';
import { Transactions } from '../../database/transaction.js';
import { IdParam } from '../../lists/bulk.dto.js';
import { shipmentCarrier } from './carriers.js';
import { orderNumber } from '../../common/order-format.js';
import { APP_CONFIG } from '../../config/config.module.js';
import type { AppConfig } from '../../config/env.js';
import { OutboxService } from '../email/index.js';
import { shipmentShippedEmail } from './emails/order-shipped.email.js';
import { erasedOrderFields } from './order-erasure.js';
import { OrderLine } from './order-line.entity.js';
import { addressOf, lineItemName } from './order-lines.js';
import { Order } from './order.entity.js';
import { OrderShipmentLineRecord, OrderShipmentRecord } from './shipment.entity.js';

/** Most lines one shipment may list: far above any order's. */
const MAX_SHIPMENT_LINES = 100;
const LINES_MESSAGE = 'lines must list at least one { lineId, quantity } of the order.';
const LINE_ID_MESSAGE = 'Each line needs lineId, the id of one of the order’s lines.';
const QUANTITY_MESSAGE = 'Each line needs quantity, a whole number from 1.';
export const TRACKING_MESSAGE = 'A shipment needs its trackingNumber (at most 100 characters).';
const CARRIER_MESSAGE = 'carrier must be the carrier’s name, at most 60 characters.';

class ShipmentLineDto implements ShipmentLineInput {
  @ApiProperty({ example: 12 })
  @WholeNumberField(1, 2_147_483_647, LINE_ID_MESSAGE)
  lineId: number;

  @ApiProperty({ example: 1, minimum: 1 })
  @WholeNumberField(1, 10_000, QUANTITY_MESSAGE)
  quantity: number;
}

export class ShipmentDto implements ShipmentRequest {
  @ApiProperty({ type: [ShipmentLineDto] })
  @IsArray({ message: LINES_MESSAGE })
  @ArrayMinSize(1, { message: LINES_MESSAGE })
  @ArrayMaxSize(MAX_SHIPMENT_LINES, { message: LINES_MESSAGE })
  @ValidateNested({ each: true })
  @Type(() => ShipmentLineDto)
  lines: ShipmentLineDto[];

  @ApiProperty({ example: '9400111899223100000000', maxLength: 100 })
  @RequiredText(100, TRACKING_MESSAGE, TRACKING_MESSAGE)
  trackingNumber: string;

  @ApiPropertyOptional({ example: 'USPS', maxLength: 60 })
  @OptionalText(60, CARRIER_MESSAGE, CARRIER_MESSAGE)
  carrier?: string;
}

export const ORDER_NOT_FOUND = 'Order not found.';
export const leftToShipMessage = (name: string, left: number) =>
  left === 0
    ? `All of the ${name} have shipped already.`
    : `Only ${left} of the ${name} ${left === 1 ? 'is' : 'are'} left to ship.`;

/** What is left to ship of a line: not shipped, not refunded. */
const leftOf = (line: Pick<OrderLine, 'quantity' | 'shippedQuantity' | 'refundedQuantity'>) =>
  Math.max(0, line.quantity - line.shippedQuantity - line.refundedQuantity);

/**
 * Ships part of an order (or its rest): a shipment of some of its lines, with its own tracking
 * number and its own "shipped" email. A pre-order's lines ship when it is ready, the rest at once.
 * The order is `partially_fulfilled` until every line that ships has (downloads never ship), then
 * `fulfilled`. Each line's count rises by one conditional UPDATE (never past what is left to
 * ship), under a lock on the order's row, so shipments sent at once can never ship a unit twice.
 */
@Injectable()
export class ShipmentsService {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly transactions: Transactions,
    private readonly outbox: OutboxService,
    private readonly clock: Clock,
  ) {}

  async ship(orderId: number, input: ShipmentDto): Promise<ShipmentResult> {
    const ids = input.lines.map((l) => l.lineId);
    const twice = ids.find((id, i) => ids.indexOf(id) !== i);
    if (twice !== undefined)
      throw new BadRequestException(`lines lists line ${twice} twice: list each line once.`);
    const trackingNumber = input.trackingNumber.trim();
    const named = input.carrier?.trim() || null;
    return this.transactions.run(async (manager) => {
      const order = await lockedOrder(manager, orderId);
      if (!order) throw new NotFoundException(ORDER_NOT_FOUND);
      const number = orderNumber(order.id);
      if (order.salesChannel === 'in-person')
        throw new ConflictException(`Order ${number} was handed over in person: nothing ships.`);
      if (order.paymentStatus === 'refunded')
        throw new ConflictException(`Order ${number} was refunded: nothing is left to ship.`);
      const lines = await manager.find(OrderLine, { where: { orderId }, order: { id: 'ASC' } });
      const wanted = input.lines.map(({ lineId, quantity }) => {
        const line = lines.find((l) => l.id === lineId);
        if (!line)
          throw new BadRequestException(`Line ${lineId} is not a line of order ${number}.`);
        if (line.kind === 'digital')
          throw new BadRequestException(`${lineItemName(line)} is a download: it does not ship.`);
        return { line, quantity };
      });
      for (const { line, quantity } of wanted) {
        const shipped = await manager
          .createQueryBuilder()
          .update(OrderLine)
          .set({ shippedQuantity: () => 'shippedQuantity + :quantity' })
          .where('id = :id AND shippedQuantity + refundedQuantity + :quantity <= quantity', {
            id: line.id,
            quantity,
          })
          .execute();
        if (shipped.affected !== 1)
          throw new ConflictException(leftToShipMessage(lineItemName(line), leftOf(line)));
      }
      const shipment = await manager.save(
        manager.create(OrderShipmentRecord, { orderId, trackingNumber, carrier: named }),
        { transaction: false },
      );
      await manager.insert(
        OrderShipmentLineRecord,
        wanted.map(({ line, quantity }) => ({
          shipmentId: shipment.id,
          lineId: line.id,
          quantity,
        })),
      );

      const after = await manager.find(OrderLine, { where: { orderId } });
      const status: FulfillmentStatus = after
        .filter((l) => l.kind !== 'digital')
        .every((l) => leftOf(l) === 0)
        ? 'fulfilled'
        : 'partially_fulfilled';
      const carrier = shipmentCarrier(trackingNumber, named);
      const wasErased = order.email === ERASED;
      const changes: Partial<Order> = { fulfillmentStatus: status, trackingNumber };
      if (status === 'fulfilled' && order.fulfilledAt === null)
        changes.fulfilledAt = this.clock.now();
      // An order kept for shipping after its fan was erased: once shipped, nothing of them stays.
      if (order.eraseWhenClosed && status === 'fulfilled')
        Object.assign(changes, erasedOrderFields(order));
      await manager.update(Order, { id: orderId }, changes);
      if (!wasErased && order.email && order.salesChannel === 'online') {
        await this.outbox.queue(
          manager,
          shipmentShippedEmail(
            this.config,
            {
              id: order.id,
              email: order.email,
              customerName: order.customerName,
              shippingAddress: addressOf(order),
              items: wanted.map(({ line, quantity }) => ({
                product_name: lineItemName(line),
                quantity,
                price: line.unitPriceCents,
              })),
            },
            { id: shipment.id, trackingNumber, carrier },
          ),
        );
      }
      const [view] = await this.views(manager, [shipment], lines);
      return { ...view!, fulfillmentStatus: status };
    });
  }

  /** GET /api/admin/orders/:id/shipments: the order's shipments, oldest first. */
  async list(orderId: number): Promise<OrderShipment[]> {
    return this.transactions.run(async (manager) => {
      if (!(await manager.existsBy(Order, { id: orderId })))
        throw new NotFoundException(ORDER_NOT_FOUND);
      const shipments = await manager.find(OrderShipmentRecord, {
        where: { orderId },
        order: { id: 'ASC' },
      });
      const lines = await manager.find(OrderLine, { where: { orderId } });
      return this.views(manager, shipments, lines);
    });
  }

  private async views(
    manager: EntityManager,
    shipments: OrderShipmentRecord[],
    lines: OrderLine[],
  ): Promise<OrderShipment[]> {
    const parts = shipments.length
      ? await manager.find(OrderShipmentLineRecord, {
          where: { shipmentId: In(shipments.map((s) => s.id)) },
          order: { id: 'ASC' },
        })
      : [];
    return shipments.map((s) => {
      const carrier = shipmentCarrier(s.trackingNumber, s.carrier);
      return {
        id: s.id,
        orderId: s.orderId,
        lines: parts
          .filter((p) => p.shipmentId === s.id)
          .map((p) => {
            const line = lines.find((l) => l.id === p.lineId);
            return {
              lineId: p.lineId,
              productName: line ? lineItemName(line) : '',
              quantity: p.quantity,
            };
          }),
        trackingNumber: s.trackingNumber,
        carrier: carrier?.name ?? null,
        trackingUrl: carrier?.url ?? null,
        createdAt: s.createdAt.toISOString(),
      };
    });
  }
}

/** The order's row, locked for the rest of the transaction on MySQL/MariaDB. */
function lockedOrder(manager: EntityManager, id: number): Promise<Order | null> {
  const qb = manager.createQueryBuilder(Order, 'o').where('o.id = :id', { id });
  if (manager.connection.options.type !== 'better-sqlite3') qb.setLock('pessimistic_write');
  return qb.getOne();
}

/** Part of an order ships: `POST /api/admin/orders/:id/shipments`, and its shipments so far. */
@AdminController('admin/orders', 'admin: orders')
export class ShipmentsController {
  constructor(private readonly shipments: ShipmentsService) {}

  @Post(':id/shipments')
  @ApiResponse({ status: 201, description: 'The shipment and the order’s fulfillmentStatus' })
  @ApiResponse({ status: 400, description: 'A line not of the order, a download, or bad input' })
  @ApiResponse({ status: 404, description: 'No order has this id' })
  @ApiResponse({ status: 409, description: 'More than is left to ship, or nothing ships' })
  ship(@Param() { id }: IdParam, @Body() body: ShipmentDto): Promise<ShipmentResult> {
    return this.shipments.ship(id, body);
  }

  @Get(':id/shipments')
  @ApiResponse({ status: 404, description: 'No order has this id' })
  list(@Param() { id }: IdParam): Promise<OrderShipment[]> {
    return this.shipments.list(id);
  }
}
