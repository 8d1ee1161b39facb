import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsBoolean,
  IsISO8601,
  IsOptional,
  IsString,
  Matches,
  MaxLength,
} from 'class-validator';
import { WholeNumberField } from '../../../common/numbers.js';
import { UpperCase } from '../../../common/strings.js';
import { DISCOUNT_CODE_MAX, DISCOUNT_CODE_MIN, type DiscountCodeInput } from '@artist/contracts';

export const CODE_MESSAGE = `A code is ${DISCOUNT_CODE_MIN} to ${DISCOUNT_CODE_MAX} letters, digits, '-' or '_'.`;
const cents = (label: string) => `${label} must be a whole number of cents from 1.`;

/** A whole code each time. Exactly one of percentOff and amountOffCents. */
export class DiscountInputDto implements DiscountCodeInput {
  @ApiProperty({ example: 'TOUR10' })
  @UpperCase()
  @IsString({ message: CODE_MESSAGE })
  @Matches(new RegExp(`^[A-Z0-9_-]{${DISCOUNT_CODE_MIN},${DISCOUNT_CODE_MAX}}$`), {
    message: CODE_MESSAGE,
  })
  code: string;

  @ApiProperty({ nullable: true, type: 'integer', example: 10 })
  @IsOptional()
  @WholeNumberField(1, 100, 'Percent off must be a whole number from 1 to 100.')
  percentOff: number | null = null;

  @ApiProperty({ nullable: true, type: 'integer', example: null })
  @IsOptional()
  @WholeNumberField(1, 100_000_00, cents('Amount off'))
  amountOffCents: number | null = null;

  @ApiProperty({ nullable: true, type: 'integer' })
  @IsOptional()
  @WholeNumberField(1, 100_000_00, cents('The minimum subtotal'))
  minSubtotalCents: number | null = null;

  @ApiProperty({ nullable: true, type: 'string', example: '2026-12-01T00:00:00.000Z' })
  @IsOptional()
  @IsISO8601({ strict: true }, { message: 'startsAt must be a date and time (ISO 8601).' })
  startsAt: string | null = null;

  @ApiProperty({ nullable: true, type: 'string' })
  @IsOptional()
  @IsISO8601({ strict: true }, { message: 'endsAt must be a date and time (ISO 8601).' })
  endsAt: string | null = null;

  @ApiProperty({ nullable: true, type: 'integer' })
  @IsOptional()
  @WholeNumberField(1, 1_000_000, 'The number of uses must be a whole number from 1.')
  maxUses: number | null = null;

  @ApiProperty()
  @IsBoolean({ message: 'oncePerEmail must be true or false.' })
  oncePerEmail: boolean;

  @ApiPropertyOptional({ nullable: true, type: [String] })
  @IsOptional()
  @IsArray({ message: 'productIds must be a list of product ids, or null.' })
  @ArrayMinSize(1, { message: 'Choose at least one product, or none for the whole cart.' })
  @ArrayMaxSize(200, { message: 'A code can be limited to at most 200 products.' })
  @IsString({ each: true, message: 'productIds must be a list of product ids, or null.' })
  @MaxLength(60, { each: true, message: 'Unknown product.' })
  productIds: string[] | null = null;

  @ApiProperty()
  @IsBoolean({ message: 'active must be true or false.' })
  active: boolean;
}
