import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayNotEmpty,
  IsArray,
  IsIn,
  IsInt,
  IsOptional,
  IsString,
  Matches,
  MaxLength,
  Min,
  Validate,
  ValidateIf,
  ValidateNested,
  ValidatorConstraint,
  type ValidatorConstraintInterface,
} from 'class-validator';
import {
  PAYMENT_METHODS,
  SALES_CHANNELS,
  type ManualOrderInput,
  type OrderLineItem,
  type PaymentMethod,
  type SalesChannel,
} from '@artist/contracts';
import { WholeNumberField } from '../../../common/numbers.js';
import { EmailAddress, OptionalText, RequiredText } from '../../../common/strings.js';
import { EMAIL_MESSAGE } from '../../../common/validation.js';
import { addressFromText } from '../../../common/order-format.js';

export const AT_LEAST_ONE_PRODUCT = 'Please add at least one product.';
export const QUANTITY_MESSAGE = 'Quantity must be a whole number of at least 1';
export const PRICE_MESSAGE = 'Price must be a whole number of cents, 0 or more';
export const ADDRESS_MESSAGE = 'Shipping address is required for online orders';

const filled = (value: unknown) => value !== undefined && value !== null && value !== '';

@ValidatorConstraint({ name: 'isShippingAddress' })
class ShippingAddressJson implements ValidatorConstraintInterface {
  validate(value: unknown) {
    if (typeof value !== 'string') return false;
    return addressFromText(value) !== null;
  }
}

export class ManualLineItemDto implements OrderLineItem {
  @ApiProperty({ example: 'T-Shirt - M', description: 'Product name, size after a dash' })
  @RequiredText(200, 'Required', 'Product name cannot exceed 200 characters')
  product_name: string;

  @ApiProperty({ example: 1, minimum: 1 })
  @WholeNumberField(1, 1000, QUANTITY_MESSAGE, 'Quantity cannot exceed 1000')
  quantity: number;

  @ApiProperty({ example: 2500, minimum: 0, description: 'Unit price in cents' })
  @WholeNumberField(0, 10_000_000, PRICE_MESSAGE, 'Price cannot exceed 10000000 cents')
  price: number;
}

/**
 * Body of `POST /api/admin/orders/manual`. Online orders need a name, an email and a shipping
 * address; in-person orders need a location, and blanks get the walk-up defaults.
 */
/** What a manual order may be entered as: parts ship through shipments. */
const MANUAL_FULFILLMENT_STATUSES = ['pending', 'fulfilled'] as const;

export class ManualOrderDto implements Partial<ManualOrderInput> {
  @ApiProperty({ enum: SALES_CHANNELS })
  @IsIn(SALES_CHANNELS, { message: 'Sales channel must be online or in-person' })
  salesChannel: SalesChannel;

  @ApiPropertyOptional({ description: 'Required for online orders' })
  @ValidateIf((o: ManualOrderDto) => o.salesChannel === 'online' || filled(o.customerName))
  @RequiredText(200, 'Required', 'Customer name cannot exceed 200 characters')
  customerName?: string;

  @ApiPropertyOptional({ description: 'Required for online orders' })
  @ValidateIf((o: ManualOrderDto) => o.salesChannel === 'online' || filled(o.email))
  @EmailAddress(254, EMAIL_MESSAGE)
  email?: string;

  @ApiPropertyOptional({
    description: 'Required for in-person orders, unless showId names the show',
  })
  @ValidateIf(
    (o: ManualOrderDto) =>
      (o.salesChannel === 'in-person' && !filled(o.showId)) || filled(o.showLocation),
  )
  @RequiredText(200, 'Required', 'Location cannot exceed 200 characters')
  showLocation?: string;

  @ApiPropertyOptional({
    type: 'integer',
    nullable: true,
    description: 'In-person orders: the show of the sale, an id from GET /api/admin/shows',
  })
  @IsOptional()
  @IsInt({ message: 'Show must be picked from the shows list' })
  @Min(1, { message: 'Show must be picked from the shows list' })
  showId?: number | null;

  @ApiProperty({ type: [ManualLineItemDto] })
  @IsArray({ message: AT_LEAST_ONE_PRODUCT })
  @ArrayNotEmpty({ message: AT_LEAST_ONE_PRODUCT })
  @ArrayMaxSize(50, { message: 'An order can have at most 50 lines' })
  @ValidateNested({
    each: true,
    message: 'Each product line needs product_name, quantity and price',
  })
  @Type(() => ManualLineItemDto)
  lineItems: ManualLineItemDto[];

  @ApiPropertyOptional({ description: 'Cents; when sent it must equal lines + shipping' })
  @IsOptional()
  @IsInt({ message: 'Total must be a whole number of cents' })
  total?: number;

  @ApiPropertyOptional({
    description: 'JSON text of the address; required for online orders, optional in person',
  })
  @ValidateIf(
    (o: ManualOrderDto) =>
      o.salesChannel === 'online' ||
      (filled(o.shippingAddress) && typeof o.shippingAddress !== 'string'),
  )
  @IsString({ message: 'Shipping address must be JSON text' })
  @MaxLength(2000, { message: 'Shipping address cannot exceed 2000 characters' })
  @Validate(ShippingAddressJson, { message: ADDRESS_MESSAGE })
  shippingAddress?: string;

  @ApiProperty({ enum: PAYMENT_METHODS, default: 'cash' })
  @IsIn(PAYMENT_METHODS, {
    message: 'Payment method must be one of cash, venmo, zelle, card, other',
  })
  paymentMethod: PaymentMethod = 'cash';

  @ApiPropertyOptional({ maxLength: 5000 })
  @OptionalText(5000, 'Notes must be text', 'Notes cannot exceed 5000 characters')
  notes?: string;

  @ApiPropertyOptional({ example: 'manual_1767225600000' })
  @IsOptional()
  @Matches(/^manual_[\w-]{1,100}$/, {
    message: 'stripeSessionId must be manual_ followed by a timestamp',
  })
  stripeSessionId?: string;

  @ApiPropertyOptional({ enum: ['paid'] })
  @IsOptional()
  @IsIn(['paid'], { message: "Payment status of a manual order must be 'paid'" })
  paymentStatus?: 'paid';

  @ApiPropertyOptional({
    enum: MANUAL_FULFILLMENT_STATUSES,
    description: 'Ignored: in-person orders are created fulfilled, online ones pending',
  })
  @IsOptional()
  @IsIn(MANUAL_FULFILLMENT_STATUSES, {
    message: 'Fulfillment status must be pending or fulfilled',
  })
  fulfillmentStatus?: (typeof MANUAL_FULFILLMENT_STATUSES)[number];
}
