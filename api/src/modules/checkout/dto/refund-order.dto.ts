import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayNotEmpty,
  IsArray,
  IsBoolean,
  IsInt,
  IsOptional,
  Max,
  Min,
  ValidateNested,
} from 'class-validator';
import type { OrderLineRefund, OrderRefundRequest } from '@artist/contracts';

export class RefundLineDto implements OrderLineRefund {
  @ApiProperty({ description: "The line's id (`lines[].id` of the order)", minimum: 1 })
  @IsInt({ message: 'Each line to refund needs its lineId, a whole number' })
  @Min(1, { message: 'Each line to refund needs its lineId, a whole number' })
  lineId: number;

  @ApiProperty({ description: 'How many of the line to refund', minimum: 1 })
  @IsInt({ message: 'The quantity to refund must be a whole number of at least 1' })
  @Min(1, { message: 'The quantity to refund must be a whole number of at least 1' })
  @Max(1000, { message: 'The quantity to refund cannot exceed 1000' })
  quantity: number;
}

export class RefundOrderDto implements OrderRefundRequest {
  @ApiPropertyOptional({ description: 'Cents; the whole amount left when absent', minimum: 1 })
  @IsOptional()
  @IsInt({ message: 'The refund amount must be a whole number of cents' })
  @Min(1, { message: 'The refund amount must be at least 1 cent' })
  @Max(100_000_000, { message: 'The refund amount is more than any order on this site' })
  amount?: number;

  @ApiPropertyOptional({
    type: [RefundLineDto],
    description: 'Lines to refund instead of an amount: the server works out the amount',
  })
  @IsOptional()
  @IsArray({ message: 'lines must be a list of { lineId, quantity }' })
  @ArrayNotEmpty({ message: 'lines must name at least one line to refund' })
  @ArrayMaxSize(50, { message: 'An order has at most 50 lines' })
  @ValidateNested({ each: true })
  @Type(() => RefundLineDto)
  lines?: RefundLineDto[];

  @ApiPropertyOptional({
    description:
      "Put the items back in stock: the order's items (once per order) with an amount, " +
      "the lines' refunded quantities with lines (the default with lines)",
  })
  @IsOptional()
  @IsBoolean({ message: 'restock must be true or false' })
  restock?: boolean;
}
