import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsInt, IsOptional, Max, Min } from 'class-validator';
import type { OrderRefundRequest } from '@artist/contracts';

export class RefundOrderDto implements OrderRefundRequest {
  @ApiPropertyOptional({ description: 'Cents; the whole amount left when absent', minimum: 1 })
  @IsOptional()
  @IsInt({ message: 'The refund amount must be a whole number of cents' })
  @Min(1, { message: 'The refund amount must be at least 1 cent' })
  @Max(100_000_000, { message: 'The refund amount is more than any order on this site' })
  amount?: number;

  @ApiPropertyOptional({ description: "Put the order's items back in stock" })
  @IsOptional()
  @IsBoolean({ message: 'restock must be true or false' })
  restock?: boolean;
}
