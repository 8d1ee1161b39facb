import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString, MaxLength } from 'class-validator';
import type { AccountSignInRequest, AccountVerifyRequest } from '@artist/contracts';
import { EmailAddress } from '../../../common/strings.js';
import { EMAIL_MESSAGE } from '../../../common/validation.js';

export class AccountSignInDto implements AccountSignInRequest {
  @ApiProperty({ example: 'fan@example.com' })
  @EmailAddress(254, EMAIL_MESSAGE)
  email: string;
}

/** The emailed code with its address, or the link's token (checked by the service). */
export class AccountVerifyDto implements AccountVerifyRequest {
  @ApiPropertyOptional({ example: 'fan@example.com' })
  @IsOptional()
  @IsString({ message: EMAIL_MESSAGE })
  @MaxLength(254, { message: EMAIL_MESSAGE })
  email?: string;

  @ApiPropertyOptional({ example: '042917', description: 'The 6-digit code from the email' })
  @IsOptional()
  @IsString({ message: 'The code must be the 6 digits from the email.' })
  @MaxLength(20, { message: 'The code must be the 6 digits from the email.' })
  code?: string;

  @ApiPropertyOptional({ description: 'The token of the emailed link (/account?token=…)' })
  @IsOptional()
  @IsString({ message: 'The token must be the one of the emailed link.' })
  @MaxLength(100, { message: 'The token must be the one of the emailed link.' })
  token?: string;
}
