import { ApiPropertyOptional } from '@nestjs/swagger';
import {
  IsOptional,
  Validate,
  ValidatorConstraint,
  type ValidatorConstraintInterface,
} from 'class-validator';
import type { SalesQuery } from '@artist/contracts';
import { isCalendarDate } from '../../../common/dates.js';

@ValidatorConstraint({ name: 'isCalendarDate' })
class CalendarDate implements ValidatorConstraintInterface {
  validate(value: unknown) {
    return typeof value === 'string' && isCalendarDate(value);
  }
}

/** Query of `GET /api/admin/sales` and its export: the period, both days included. */
export class SalesQueryDto implements SalesQuery {
  @ApiPropertyOptional({ example: '2027-01-01', description: 'First day; 1 January by default' })
  @IsOptional()
  @Validate(CalendarDate, { message: 'from must be a date in YYYY-MM-DD format' })
  from?: string;

  @ApiPropertyOptional({ example: '2027-12-31', description: 'Last day; 31 December by default' })
  @IsOptional()
  @Validate(CalendarDate, { message: 'to must be a date in YYYY-MM-DD format' })
  to?: string;
}
