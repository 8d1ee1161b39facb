import { ApiProperty } from '@nestjs/swagger';
import { IsIn } from 'class-validator';
import { SIGNUP_LIST_FILTERS, type SignupListFilter } from '@artist/contracts';
import { BulkFilter, BulkIds, FLAG_VALUES } from '../../../lists/bulk.dto.js';

export class BulkSignupsDto {
  @BulkIds('signup', 1000)
  ids?: number[];

  @BulkFilter(SIGNUP_LIST_FILTERS)
  filter?: { status?: SignupListFilter | 'all'; search?: string };

  @ApiProperty({ enum: FLAG_VALUES, example: true })
  @IsIn(FLAG_VALUES, { message: 'contacted must be true or false' })
  contacted: (typeof FLAG_VALUES)[number];
}
