import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsInt, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';
import type { OrderUpdate } from '@artist/contracts';

/** Fulfil: every field. Save: trackingNumber and notes only (null clears one). */
export class UpdateOrderDto implements Partial<OrderUpdate> {
  @ApiPropertyOptional({ enum: ['fulfilled'] })
  @IsOptional()
  @IsIn(['fulfilled'], { message: "fulfillmentStatus can only be set to 'fulfilled'" })
  fulfillmentStatus?: 'fulfilled';

  @ApiPropertyOptional({ type: String, nullable: true, maxLength: 200 })
  @IsOptional()
  @IsString({ message: 'Tracking number must be text' })
  @MaxLength(200, { message: 'Tracking number cannot exceed 200 characters' })
  trackingNumber?: string | null;

  @ApiPropertyOptional({ type: String, nullable: true, maxLength: 5000 })
  @IsOptional()
  @IsString({ message: 'Notes must be text' })
  @MaxLength(5000, { message: 'Notes cannot exceed 5000 characters' })
  notes?: string | null;

  @ApiPropertyOptional({ description: 'Epoch milliseconds; only with fulfillmentStatus' })
  @IsOptional()
  @IsInt({ message: 'fulfilledAt must be a time in epoch milliseconds' })
  @Min(0, { message: 'fulfilledAt must be a time in epoch milliseconds' })
  @Max(8_640_000_000_000_000, { message: 'fulfilledAt must be a time in epoch milliseconds' })
  fulfilledAt?: number;
}
