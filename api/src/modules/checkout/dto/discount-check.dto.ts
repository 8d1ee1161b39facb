import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString, MaxLength } from 'class-validator';
import type { DiscountCheckRequest } from '@artist/contracts';
import { EmailAddress, UpperCase } from '../../../common/strings.js';
import { ShippingQuoteDto, ShippingRateChoice } from './create-checkout-session.dto.js';

/** Body of `POST /api/discounts/check`: the cart, where it ships, and the code to try. */
export class DiscountCheckDto extends ShippingQuoteDto implements DiscountCheckRequest {
  @ApiProperty({ example: 'TOUR10' })
  @UpperCase()
  @IsString({ message: 'Enter a code.' })
  @MaxLength(60, { message: 'This code is not valid.' })
  code: string;

  @ApiPropertyOptional()
  @ShippingRateChoice()
  shippingRateId?: number;

  @ApiPropertyOptional({ example: 'fan@example.com' })
  @IsOptional()
  @EmailAddress(320)
  email?: string;
}
