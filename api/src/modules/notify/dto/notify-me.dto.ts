import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsNotEmpty, IsOptional, IsString, MaxLength } from 'class-validator';
import {
  MAX_SIZE_LENGTH,
  NOTIFY_PRODUCT_NAMES,
  type NotifyMeRequest,
  type Size,
} from '@artist/contracts';
import { EmailAddress } from '../../../common/strings.js';
import { EMAIL_MESSAGE } from '../../../common/validation.js';

export const INVALID_PRODUCT_MESSAGE = 'Invalid product name';

export class NotifyMeDto implements NotifyMeRequest {
  @ApiProperty({ example: 'fan@example.com' })
  @EmailAddress(254, EMAIL_MESSAGE)
  email: string;

  /** A product of the shop, or one of NOTIFY_PRODUCT_NAMES; the service checks which. */
  @ApiProperty({ example: NOTIFY_PRODUCT_NAMES[0], maxLength: 120 })
  @IsString({ message: INVALID_PRODUCT_MESSAGE })
  @IsNotEmpty({ message: INVALID_PRODUCT_MESSAGE })
  @MaxLength(120, { message: INVALID_PRODUCT_MESSAGE })
  productName: string;

  /** One of the product's sizes, for an alert when that size is back; absent for any size. */
  @ApiPropertyOptional({ example: 'XL', maxLength: MAX_SIZE_LENGTH })
  @IsOptional()
  @IsString({ message: "Size must be one of the product's sizes, such as M." })
  @IsNotEmpty({ message: "Size must be one of the product's sizes, such as M." })
  @MaxLength(MAX_SIZE_LENGTH, { message: "Size must be one of the product's sizes, such as M." })
  size?: Size;
}
