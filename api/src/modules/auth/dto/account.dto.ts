import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsNotEmpty, IsOptional, IsString, MaxLength, MinLength } from 'class-validator';
import type { PasswordResetConfirm, PasswordResetRequest, TwoFactorCode } from '@artist/contracts';

export const PASSWORD_MIN_LENGTH = 8;

export class PasswordResetRequestDto implements PasswordResetRequest {
  @ApiPropertyOptional({ description: 'Ignored: the link always goes to ARTIST_EMAIL' })
  @IsOptional()
  @IsString({ message: 'email must be text' })
  @MaxLength(320, { message: 'email is too long' })
  email?: string;
}

export class PasswordResetConfirmDto implements PasswordResetConfirm {
  @ApiProperty({ description: "The `token` of the emailed link's query" })
  @IsString({ message: 'The reset link has no token; open the link from the email again.' })
  @IsNotEmpty({ message: 'The reset link has no token; open the link from the email again.' })
  @MaxLength(200, { message: 'This reset link is not valid; ask for a new one.' })
  token: string;

  @ApiProperty({ minLength: PASSWORD_MIN_LENGTH, maxLength: 200 })
  @IsString({ message: 'Password is required' })
  @MinLength(PASSWORD_MIN_LENGTH, {
    message: `The new password must be at least ${PASSWORD_MIN_LENGTH} characters long.`,
  })
  @MaxLength(200, { message: 'Password is too long' })
  password: string;
}

export class TwoFactorCodeDto implements TwoFactorCode {
  @ApiProperty({ example: '123456' })
  @IsString({ message: 'Enter the 6-digit code from your authenticator app.' })
  @IsNotEmpty({ message: 'Enter the 6-digit code from your authenticator app.' })
  @MaxLength(40, { message: 'That code is too long.' })
  code: string;
}
