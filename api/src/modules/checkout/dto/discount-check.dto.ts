import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsInt, IsOptional, IsString, MaxLength, Min } from 'class-validator';
import type { DiscountCheckRequest } from '@artist/contracts';
import { EmailAddress, UpperCase } from '../../../common/strings.js';
import { SHIPPING_RATE_ID_MESSAGE, ShippingQuoteDto } from './create-checkout-session.dto.js';

/** Body of `POST /api/discounts/check`: the cart, where it ships, and the code to try. */
export class DiscountCheckDto extends ShippingQuoteDto implements DiscountCheckRequest {
  @ApiProperty({ example: 'TOUR10' })
  @UpperCase()
  @IsString({ message: 'Enter a code.' })
  @MaxLength(60, { message: 'This code is not valid.' })
  code: string;

  @ApiPropertyOptional()
  @IsOptional()
  @IsInt({ message: SHIPPING_RATE_ID_MESSAGE })
  @Min(1, { message: SHIPPING_RATE_ID_MESSAGE })
  shippingRateId?: number;

  @ApiPropertyOptional({ example: 'fan@example.com' })
  @IsOptional()
  @EmailAddress(320)
  email?: string;
}
