import { ApiProperty } from '@nestjs/swagger';
import { IsEmail, IsIn, MaxLength } from 'class-validator';
import { NOTIFY_PRODUCT_NAMES, type NotifyMeRequest } from '@artist/contracts';
import { NormaliseEmail } from '../../../common/strings.js';

export class NotifyMeDto implements NotifyMeRequest {
  @ApiProperty({ example: 'fan@example.com' })
  @NormaliseEmail()
  @IsEmail({}, { message: 'Please enter a valid email address' })
  @MaxLength(254, { message: 'Please enter a valid email address' })
  email: string;

  @ApiProperty({ enum: NOTIFY_PRODUCT_NAMES })
  @IsIn(NOTIFY_PRODUCT_NAMES, { message: 'Invalid product name' })
  productName: string;
}
