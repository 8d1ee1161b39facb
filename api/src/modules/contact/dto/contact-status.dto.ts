import { ApiProperty } from '@nestjs/swagger';
import { IsIn } from 'class-validator';
import { CONTACT_STATUSES, type ContactStatus } from '@artist/contracts';
import { BulkIds } from '../../../common/bulk.dto.js';

const STATUS_MESSAGE = 'Status must be new or responded';

export class ContactStatusDto {
  @ApiProperty({ enum: CONTACT_STATUSES })
  @IsIn(CONTACT_STATUSES, { message: STATUS_MESSAGE })
  status: ContactStatus;
}

export class BulkContactStatusDto {
  @BulkIds('message', 1000)
  ids: number[];

  @ApiProperty({ enum: CONTACT_STATUSES })
  @IsIn(CONTACT_STATUSES, { message: STATUS_MESSAGE })
  status: ContactStatus;
}
