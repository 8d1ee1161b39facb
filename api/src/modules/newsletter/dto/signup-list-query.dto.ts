import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional } from 'class-validator';
import { SIGNUP_LIST_FILTERS, SIGNUP_SORTS } from '@artist/contracts';
import { ListQueryDto } from '../../../lists/list-query.js';

export class SignupListQueryDto extends ListQueryDto(SIGNUP_LIST_FILTERS, SIGNUP_SORTS) {}

/** The export's query: the list's, and whether unsubscribed addresses are included. */
export class SignupExportQueryDto extends SignupListQueryDto {
  @ApiPropertyOptional({ enum: ['true', 'false'], default: 'false' })
  @IsOptional()
  @IsIn(['true', 'false'], { message: 'includeUnsubscribed must be true or false' })
  includeUnsubscribed: 'true' | 'false' = 'false';
}
