import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsInt,
  IsOptional,
  IsString,
  Matches,
  ValidateNested,
} from 'class-validator';
import {
  MAX_SHIPPING_RATES,
  type ShippingRateInput,
  type ShippingZoneInput,
} from '@artist/contracts';
import { WholeNumberField } from '../../../common/numbers.js';
import { RequiredText, Trim } from '../../../common/strings.js';

export const COUNTRY_MESSAGE = 'Countries must be two-letter ISO codes such as US or GB.';
export const DELIVERY_DAYS_MESSAGE = 'Delivery days must be a number of days such as 7 or 3-5.';
const CENTS_MESSAGE = (label: string) => `${label} must be a whole number of cents from 0.`;
const MAX_CENTS = 100_000_000;

export class ShippingRateInputDto implements ShippingRateInput {
  @ApiPropertyOptional({ description: 'Kept for a rate that already exists' })
  @IsOptional()
  @IsInt({ message: 'A rate id must be a whole number.' })
  id?: number;

  @ApiProperty({ example: 'Standard', maxLength: 60 })
  @RequiredText(60, 'Each rate needs a name.', 'A rate name cannot exceed 60 characters.')
  name: string;

  @ApiProperty({ example: 500 })
  @WholeNumberField(0, MAX_CENTS, CENTS_MESSAGE('The first item price'))
  firstItemCents: number;

  @ApiProperty({ example: 0 })
  @WholeNumberField(0, MAX_CENTS, CENTS_MESSAGE('The price for each further item'))
  additionalItemCents: number;

  @ApiProperty({ example: null, nullable: true, type: 'integer' })
  @IsOptional()
  @WholeNumberField(0, MAX_CENTS, CENTS_MESSAGE('The free shipping subtotal'))
  freeOverCents: number | null = null;

  @ApiProperty({ example: '3-5', nullable: true, type: 'string' })
  @IsOptional()
  @Trim()
  @IsString({ message: DELIVERY_DAYS_MESSAGE })
  @Matches(/^$|^\d{1,2}(-\d{1,2})?$/, { message: DELIVERY_DAYS_MESSAGE })
  deliveryDays: string | null = null;
}

/** A whole zone each time: its name, its countries and its one to three rates, in order. */
export class ShippingZoneInputDto implements ShippingZoneInput {
  @ApiProperty({ example: 'Europe', maxLength: 100 })
  @RequiredText(100, 'A zone needs a name.', 'A zone name cannot exceed 100 characters.')
  name: string;

  @ApiProperty({ example: ['GB', 'IE'] })
  @IsArray({ message: 'A zone needs at least one country.' })
  @ArrayMinSize(1, { message: 'A zone needs at least one country.' })
  @ArrayMaxSize(250, { message: 'A zone can hold at most 250 countries.' })
  @Transform(({ value }: { value: unknown }) =>
    Array.isArray(value)
      ? value.map((v: unknown) => (typeof v === 'string' ? v.trim().toUpperCase() : v))
      : value,
  )
  @Matches(/^[A-Z]{2}$/, { each: true, message: COUNTRY_MESSAGE })
  countries: string[];

  @ApiProperty({ type: [ShippingRateInputDto] })
  @IsArray({ message: `A zone needs one to ${MAX_SHIPPING_RATES} rates.` })
  @ArrayMinSize(1, { message: `A zone needs one to ${MAX_SHIPPING_RATES} rates.` })
  @ArrayMaxSize(MAX_SHIPPING_RATES, {
    message: `A zone needs one to ${MAX_SHIPPING_RATES} rates.`,
  })
  @ValidateNested({ each: true, message: 'Each rate must be an object.' })
  @Type(() => ShippingRateInputDto)
  rates: ShippingRateInputDto[];
}
