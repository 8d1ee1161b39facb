import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional } from 'class-validator';
import type { OrderUpdate } from '@artist/contracts';
import { WholeNumberField } from '../../../common/numbers.js';
import { OptionalText } from '../../../common/strings.js';

/** Fulfil: every field. Save: trackingNumber and notes only (null clears one). */
export class UpdateOrderDto implements Partial<OrderUpdate> {
  @ApiPropertyOptional({ enum: ['fulfilled'] })
  @IsOptional()
  @IsIn(['fulfilled'], { message: "fulfillmentStatus can only be set to 'fulfilled'" })
  fulfillmentStatus?: 'fulfilled';

  @ApiPropertyOptional({ type: String, nullable: true, maxLength: 200 })
  @OptionalText(200, 'Tracking number must be text', 'Tracking number cannot exceed 200 characters')
  trackingNumber?: string | null;

  @ApiPropertyOptional({ type: String, nullable: true, maxLength: 5000 })
  @OptionalText(5000, 'Notes must be text', 'Notes cannot exceed 5000 characters')
  notes?: string | null;

  @ApiPropertyOptional({ description: 'Epoch milliseconds; only with fulfillmentStatus' })
  @IsOptional()
  @WholeNumberField(0, 8_640_000_000_000_000, 'fulfilledAt must be a time in epoch milliseconds')
  fulfilledAt?: number;
}
