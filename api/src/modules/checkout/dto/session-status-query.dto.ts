import { ApiProperty } from '@nestjs/swagger';
import { IsString, Matches } from 'class-validator';

export const SESSION_ID_MESSAGE = 'session_id must be a checkout session id (cs_…).';

export class SessionStatusQueryDto {
  @ApiProperty({ example: 'cs_test_a1b2c3' })
  @IsString({ message: SESSION_ID_MESSAGE })
  @Matches(/^cs_[A-Za-z0-9_]{1,250}$/, { message: SESSION_ID_MESSAGE })
  session_id: string;
}
