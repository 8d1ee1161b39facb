import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import type { LoginRequest } from '@artist/contracts';
import { NonEmptyText, OptionalText } from '../../../common/strings.js';

export class LoginDto implements LoginRequest {
  @ApiProperty({ example: 'correct horse battery staple' })
  @NonEmptyText(200, 'Password is required', 'Password is too long')
  password: string;

  @ApiPropertyOptional({
    description: 'With two-step login on: the 6-digit code of the app, or a recovery code',
  })
  @OptionalText(40, 'code must be text', 'That code is too long.')
  code?: string;
}
