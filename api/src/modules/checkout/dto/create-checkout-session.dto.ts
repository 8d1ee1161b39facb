import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayNotEmpty,
  IsArray,
  IsInt,
  IsOptional,
  IsString,
  Matches,
  MaxLength,
  Min,
  ValidateNested,
} from 'class-validator';
import {
  MAX_CHECKOUT_ITEMS,
  MAX_CHECKOUT_LINES,
  MAX_CHOSEN_PRICE_CENTS,
  MAX_QUANTITY,
  MAX_SIZE_LENGTH,
  MIN_QUANTITY,
  type CheckoutItem,
  type CheckoutRequest,
  type ShippingQuoteRequest,
} from '@artist/contracts';
import { WholeNumberField } from '../../../common/numbers.js';
import { EmailAddress, NonEmptyText, OptionalText, UpperCase } from '../../../common/strings.js';

export const EMPTY_CART_MESSAGE = 'Your cart is empty.';
export const ITEMS_LIST_MESSAGE = 'items must be a list of cart lines.';
export const LINE_MESSAGE = 'Each cart line must be an object with productId, size and quantity.';
export const TOO_MANY_LINES_MESSAGE = `A checkout can hold at most ${MAX_CHECKOUT_LINES} lines.`;
export const CHECKOUT_QUANTITY_MESSAGE = `Quantity must be a whole number from ${MIN_QUANTITY} to ${MAX_QUANTITY}.`;
export const CHOSEN_PRICE_MESSAGE = `priceCents must be a whole number of cents from 0 to ${MAX_CHOSEN_PRICE_CENTS} ($1,000).`;
export const TOO_MANY_ITEMS_MESSAGE = `A checkout can hold at most ${MAX_CHECKOUT_ITEMS} items.`;
/** Lines of one product and size are added together before this is checked. */
export const tooManyOfOneMessage = (item: string) =>
  `A checkout can hold at most ${MAX_QUANTITY} of the ${item}.`;

export class CheckoutItemDto implements CheckoutItem {
  @ApiProperty({ example: 'tshirt' })
  @NonEmptyText(50, 'Each line needs a productId.', 'Unknown product.')
  productId: string;

  @ApiPropertyOptional({ example: 'M', description: 'Required for products with sizes' })
  @OptionalText(MAX_SIZE_LENGTH, 'Size must be text such as M.', 'Unknown size.')
  size?: string;

  @ApiProperty({ example: 1, minimum: MIN_QUANTITY, maximum: MAX_QUANTITY })
  @WholeNumberField(MIN_QUANTITY, MAX_QUANTITY, CHECKOUT_QUANTITY_MESSAGE)
  quantity: number;

  @ApiPropertyOptional({
    example: 1000,
    minimum: 0,
    maximum: MAX_CHOSEN_PRICE_CENTS,
    description: 'The amount the fan chose for a name-your-price release, in cents',
  })
  @IsOptional()
  @WholeNumberField(0, MAX_CHOSEN_PRICE_CENTS, CHOSEN_PRICE_MESSAGE)
  priceCents?: number;
}

export const CART_COUNTRY_MESSAGE = 'country must be a two-letter ISO code such as US or GB.';
const SHIPPING_RATE_ID_MESSAGE = 'shippingRateId must be the id of a shipping rate.';

/** Where a cart ships: a two-letter country code, in any case as sent. */
const CartCountry = () =>
  applyDecorators(
    Matches(/^[A-Z]{2}$/, { message: CART_COUNTRY_MESSAGE }),
    IsString({ message: CART_COUNTRY_MESSAGE }),
    UpperCase(),
  );

/** The shipping rate a fan picked, optional: one of the zone's rates, by id. */
export const ShippingRateChoice = () =>
  applyDecorators(
    Min(1, { message: SHIPPING_RATE_ID_MESSAGE }),
    IsInt({ message: SHIPPING_RATE_ID_MESSAGE }),
    IsOptional(),
  );

/** What a cart holds: its lines. */
export class CartDto {
  @ApiProperty({ type: [CheckoutItemDto] })
  @IsArray({ message: ITEMS_LIST_MESSAGE })
  @ArrayNotEmpty({ message: EMPTY_CART_MESSAGE })
  @ArrayMaxSize(MAX_CHECKOUT_LINES, { message: TOO_MANY_LINES_MESSAGE })
  @ValidateNested({ each: true, message: LINE_MESSAGE })
  @Type(() => CheckoutItemDto)
  items: CheckoutItemDto[];
}

/** Body of `POST /api/shipping/quote`. */
export class ShippingQuoteDto extends CartDto implements ShippingQuoteRequest {
  @ApiProperty({ example: 'GB' })
  @CartCountry()
  country: string;
}

/** The cart as sent: what to buy, never what it costs (prices come from the catalogue). */
export class CreateCheckoutSessionDto extends CartDto implements CheckoutRequest {
  @ApiPropertyOptional({ example: 'US', description: 'Where it ships; US when left out' })
  @IsOptional()
  @CartCountry()
  country?: string;

  @ApiPropertyOptional({ description: "One of the zone's rates; its first when left out" })
  @ShippingRateChoice()
  shippingRateId?: number;

  @ApiPropertyOptional({ example: 'TOUR10', description: 'A discount code, in any case' })
  @IsOptional()
  @Transform(({ value }: { value: unknown }) =>
    typeof value === 'string' ? value.trim().toUpperCase() || undefined : value,
  )
  @IsString({ message: 'discountCode must be text.' })
  @MaxLength(60, { message: 'This code is not valid.' })
  discountCode?: string;

  @ApiPropertyOptional({
    example: 'fan@example.com',
    description: 'For a code of one use per email',
  })
  @IsOptional()
  @EmailAddress(320)
  email?: string;
}
