import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsIn,
  IsInt,
  IsNotEmpty,
  IsOptional,
  IsString,
  Matches,
  Max,
  MaxLength,
  Min,
  Validate,
  ValidateIf,
  ValidatorConstraint,
  type ValidationArguments,
  type ValidatorConstraintInterface,
  ValidateNested,
} from 'class-validator';
import {
  MAX_CHOSEN_PRICE_CENTS,
  MAX_TRACKS,
  PRODUCT_KINDS,
  PRODUCT_PRICINGS,
  MAX_SIZE_LENGTH,
  MAX_SIZES,
  sizesProblem,
  type ProductInput,
  type ProductKind,
  type ProductPricing,
  type ReleaseTrack,
  type Size,
  type StockInput,
} from '@artist/contracts';
import { isCalendarDate } from '../../../common/dates.js';
import { WholeNumberField } from '../../../common/numbers.js';

export const TRACK_MESSAGE =
  'Each track needs a title (at most 200 characters) and durationSeconds, a whole number from 0 to 86400.';
export const MIN_PRICE_MESSAGE = `minPriceCents must be a whole number of cents from 0 to ${MAX_CHOSEN_PRICE_CENTS}.`;

export class ReleaseTrackDto implements ReleaseTrack {
  @ApiProperty({ maxLength: 200, example: 'Porch Light' })
  @IsString({ message: TRACK_MESSAGE })
  @Matches(/\S/, { message: TRACK_MESSAGE })
  @MaxLength(200, { message: TRACK_MESSAGE })
  title: string;

  @ApiProperty({ type: 'integer', minimum: 0, maximum: 86400, example: 215 })
  @WholeNumberField(0, 86400, TRACK_MESSAGE)
  durationSeconds: number;
}

/** A product's sizes: the sentence of `sizesProblem` when they are not fine. */
@ValidatorConstraint({ name: 'sizeNames' })
class SizeNames implements ValidatorConstraintInterface {
  validate(value: unknown) {
    return sizesProblem(value) === null;
  }
  defaultMessage(args: ValidationArguments) {
    return sizesProblem(args.value) ?? '';
  }
}

@ValidatorConstraint({ name: 'isCalendarDate' })
class CalendarDate implements ValidatorConstraintInterface {
  validate(value: unknown) {
    return typeof value === 'string' && isCalendarDate(value);
  }
}

export const TAX_CODE_MESSAGE =
  'taxCode must be a Stripe tax code: txcd_ and 8 digits, such as txcd_30011000 (apparel)';

export const RELEASE_DATE_MESSAGE =
  'releaseDate must be a date in YYYY-MM-DD format, or null for a release out now';

export const PRE_ORDER_DATE_MESSAGE =
  'preOrderUntil must be a date in YYYY-MM-DD format, or null for a product in hand';

/** Most stock one size may be set to: more than any merch box, less than any integer limit. */
export const MAX_STOCK = 100_000;

export class ProductInputDto implements ProductInput {
  @ApiProperty({ maxLength: 120, example: 'Tour Poster' })
  @IsString({ message: 'Name is required' })
  @IsNotEmpty({ message: 'Name is required' })
  @Matches(/\S/, { message: 'Name is required' })
  @MaxLength(120, { message: 'Name must be at most 120 characters' })
  name: string;

  @ApiProperty({ maxLength: 2000 })
  @IsString({ message: 'Description must be text' })
  @MaxLength(2000, { message: 'Description must be at most 2000 characters' })
  description: string;

  @ApiProperty({
    type: 'integer',
    minimum: 100,
    example: 2500,
    description: 'Cents; for name-your-price it is set to minPriceCents',
  })
  @ValidateIf((o: ProductInputDto) => o.pricing !== 'name-your-price')
  @IsInt({ message: 'Price must be a whole number of cents' })
  @Min(100, { message: 'Price must be at least $1.00' })
  @Max(100_000, { message: 'Price must be at most $1,000.00' })
  priceInCents: number;

  @ApiProperty({
    type: String,
    nullable: true,
    description:
      'A path under /assets/ or an https:// address; null for a placeholder. An uploaded photo ' +
      '(POST /api/admin/products/:id/image) stays while its /media/gallery/ address is sent back.',
  })
  @ValidateIf((o: ProductInputDto) => o.image !== null)
  @IsString({ message: 'Image must be a path under /assets/ or an https:// address' })
  @Matches(/^(\/assets\/[\w./-]+|\/media\/gallery\/[\w.-]+|https:\/\/[^\s"'<>]+)$/, {
    message: 'Image must be a path under /assets/ or an https:// address',
  })
  @MaxLength(500, { message: 'Image must be at most 500 characters' })
  image: string | null;

  @ApiProperty({
    type: [String],
    maxItems: MAX_SIZES,
    example: ['XS', 'S', 'M', 'One size'],
    description:
      `The artist's own size names (1 to ${MAX_SIZE_LENGTH} characters each, at most ` +
      `${MAX_SIZES}), in the shop's order; none for a product without sizes`,
  })
  @Validate(SizeNames)
  sizes: Size[];

  @ApiPropertyOptional({
    type: String,
    nullable: true,
    example: '2027-03-01',
    description:
      'On pre-order until this date, when it ships; null for a product in hand. Left out, PUT ' +
      'keeps what it was.',
  })
  @IsOptional()
  @Validate(CalendarDate, { message: PRE_ORDER_DATE_MESSAGE })
  preOrderUntil?: string | null;

  @ApiPropertyOptional({
    example: '2027-03-14',
    nullable: true,
    description:
      'A digital release: out of the shop until this date (the artist’s time zone), early in ' +
      'the library of members with early access; null for one out now. Left out, PUT keeps it.',
  })
  @IsOptional()
  @Validate(CalendarDate, { message: RELEASE_DATE_MESSAGE })
  releaseDate?: string | null;

  @ApiPropertyOptional({
    example: 'txcd_30011000',
    description:
      "Stripe's tax code, sent when STRIPE_AUTOMATIC_TAX is on; apparel (txcd_30011000) by " +
      'default. Left out, PUT keeps it.',
  })
  @IsOptional()
  @IsString({ message: TAX_CODE_MESSAGE })
  @Matches(/^txcd_\d{8}$/, { message: TAX_CODE_MESSAGE })
  taxCode?: string;

  @ApiProperty({ enum: PRODUCT_KINDS, required: false, default: 'physical' })
  @IsOptional()
  @IsIn(PRODUCT_KINDS, { message: "kind must be 'physical' or 'digital'." })
  kind?: ProductKind;

  @ApiProperty({ enum: PRODUCT_PRICINGS, required: false, default: 'fixed' })
  @IsOptional()
  @IsIn(PRODUCT_PRICINGS, { message: "pricing must be 'fixed' or 'name-your-price'." })
  pricing?: ProductPricing;

  @ApiProperty({
    type: 'integer',
    nullable: true,
    required: false,
    minimum: 0,
    maximum: MAX_CHOSEN_PRICE_CENTS,
    description: 'Name-your-price only: the lowest amount a fan may choose, in cents',
  })
  @ValidateIf((o: ProductInputDto) => o.pricing === 'name-your-price')
  @WholeNumberField(0, MAX_CHOSEN_PRICE_CENTS, MIN_PRICE_MESSAGE)
  minPriceCents?: number | null;

  @ApiProperty({ type: [ReleaseTrackDto], required: false })
  @IsOptional()
  @IsArray({ message: 'tracks must be a list of { title, durationSeconds }.' })
  @ArrayMaxSize(MAX_TRACKS, { message: `A release may list at most ${MAX_TRACKS} tracks.` })
  @ValidateNested({ each: true, message: TRACK_MESSAGE })
  @Type(() => ReleaseTrackDto)
  tracks?: ReleaseTrackDto[];
}

export class StockInputDto implements StockInput {
  @ApiProperty({
    type: String,
    nullable: true,
    example: 'M',
    description: "One of the product's sizes; null for a product without sizes",
  })
  @ValidateIf((o: StockInputDto) => o.size !== null)
  @IsString({ message: "size must be one of the product's sizes, or null" })
  @MaxLength(MAX_SIZE_LENGTH, { message: "size must be one of the product's sizes, or null" })
  size: Size | null;

  @ApiProperty({ type: 'integer', nullable: true, minimum: 0, description: 'null: not tracked' })
  @ValidateIf((o: StockInputDto) => o.stock !== null)
  @Type(() => Number)
  @WholeNumberField(
    0,
    MAX_STOCK,
    'stock must be a whole number from 0, or null for not tracked',
    `stock must be at most ${MAX_STOCK}`,
  )
  stock: number | null;
}
