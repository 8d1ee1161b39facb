import { ApiProperty } from '@nestjs/swagger';
import { IsEmail, IsNotEmpty, IsString, MaxLength } from 'class-validator';
import { NOTIFY_PRODUCT_NAMES, type NotifyMeRequest } from '@artist/contracts';
import { NormaliseEmail } from '../../../common/strings.js';

export const INVALID_PRODUCT_MESSAGE = 'Invalid product name';

export class NotifyMeDto implements NotifyMeRequest {
  @ApiProperty({ example: 'fan@example.com' })
  @NormaliseEmail()
  @IsEmail({}, { message: 'Please enter a valid email address' })
  @MaxLength(254, { message: 'Please enter a valid email address' })
  email: string;

  /** A product of the shop, or one of NOTIFY_PRODUCT_NAMES; the service checks which. */
  @ApiProperty({ example: NOTIFY_PRODUCT_NAMES[0], maxLength: 120 })
  @IsString({ message: INVALID_PRODUCT_MESSAGE })
  @IsNotEmpty({ message: INVALID_PRODUCT_MESSAGE })
  @MaxLength(120, { message: INVALID_PRODUCT_MESSAGE })
  productName: string;
}
