import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsString, MaxLength, MinLength } from 'class-validator';
import type {
  PasswordResetConfirm,
  PasswordResetRequest,
  TwoFactorCode,
  TwoFactorSetupRequest,
} from '@artist/contracts';
import { NonEmptyText, OptionalText } from '../../../common/strings.js';

export const PASSWORD_MIN_LENGTH = 8;

export class PasswordResetRequestDto implements PasswordResetRequest {
  @ApiPropertyOptional({ description: 'Ignored: the link always goes to ARTIST_EMAIL' })
  @OptionalText(320, 'email must be text', 'email is too long')
  email?: string;
}

export class PasswordResetConfirmDto implements PasswordResetConfirm {
  @ApiProperty({ description: "The `token` of the emailed link's query" })
  @NonEmptyText(
    200,
    'The reset link has no token; open the link from the email again.',
    'This reset link is not valid; ask for a new one.',
  )
  token: string;

  @ApiProperty({ minLength: PASSWORD_MIN_LENGTH, maxLength: 200 })
  @IsString({ message: 'Password is required' })
  @MinLength(PASSWORD_MIN_LENGTH, {
    message: `The new password must be at least ${PASSWORD_MIN_LENGTH} characters long.`,
  })
  @MaxLength(200, { message: 'Password is too long' })
  password: string;
}

export class TwoFactorSetupDto implements TwoFactorSetupRequest {
  @ApiPropertyOptional({
    description: 'With two-step login on: the 6-digit code of the app, or a recovery code',
    example: '123456',
  })
  @OptionalText(40, 'code must be text', 'That code is too long.')
  code?: string;

  @ApiPropertyOptional({ description: 'With two-step login on, instead of a code: the password' })
  @OptionalText(200, 'password must be text', 'Password is too long')
  password?: string;
}

export class TwoFactorCodeDto implements TwoFactorCode {
  @ApiProperty({ example: '123456' })
  @NonEmptyText(40, 'Enter the 6-digit code from your authenticator app.', 'That code is too long.')
  code: string;
}
