import { ApiProperty } from '@nestjs/swagger';
import { IsIn } from 'class-validator';
import { NOTIFY_BULK_LIMIT, NOTIFY_LIST_FILTERS, type NotifyListFilter } from '@artist/contracts';
import { BulkFilter, BulkIds, FLAG_VALUES } from '../../../lists/bulk.dto.js';

export const NOTIFY_BULK_MESSAGE =
  'Please select up to 100 requests at a time. Use filters to process larger batches.';

export class BulkNotifyDto {
  @BulkIds('request', NOTIFY_BULK_LIMIT, NOTIFY_BULK_MESSAGE)
  ids?: number[];

  /** At most NOTIFY_BULK_LIMIT matching requests, as with ticked ones. */
  @BulkFilter(NOTIFY_LIST_FILTERS)
  filter?: { status?: NotifyListFilter | 'all'; search?: string };

  @ApiProperty({ enum: FLAG_VALUES, example: true })
  @IsIn(FLAG_VALUES, { message: 'notified must be true or false' })
  notified: (typeof FLAG_VALUES)[number];
}

/** POST /api/admin/notify-me/send: the requests to email, ticked or by filter. */
export class SendNotifyDto {
  @BulkIds('request', NOTIFY_BULK_LIMIT, NOTIFY_BULK_MESSAGE)
  ids?: number[];

  @BulkFilter(NOTIFY_LIST_FILTERS)
  filter?: { status?: NotifyListFilter | 'all'; search?: string };
}
