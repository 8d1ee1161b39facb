import { ApiProperty } from '@nestjs/swagger';
import { IsIn } from 'class-validator';
import {
  CONTACT_LIST_FILTERS,
  CONTACT_STATUSES,
  type ContactListFilter,
  type ContactStatus,
} from '@artist/contracts';
import { BulkFilter, BulkIds } from '../../../lists/bulk.dto.js';

const STATUS_MESSAGE = 'Status must be new or responded';

export class ContactStatusDto {
  @ApiProperty({ enum: CONTACT_STATUSES })
  @IsIn(CONTACT_STATUSES, { message: STATUS_MESSAGE })
  status: ContactStatus;
}

export class BulkContactStatusDto {
  @BulkIds('message', 1000)
  ids?: number[];

  @BulkFilter(CONTACT_LIST_FILTERS)
  filter?: { status?: ContactListFilter | 'all'; search?: string };

  @ApiProperty({ enum: CONTACT_STATUSES })
  @IsIn(CONTACT_STATUSES, { message: STATUS_MESSAGE })
  status: ContactStatus;
}
