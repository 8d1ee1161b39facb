import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsNotEmpty, IsOptional, IsString, MaxLength } from 'class-validator';
import type { LoginRequest } from '@artist/contracts';

export class LoginDto implements LoginRequest {
  @ApiProperty({ example: 'correct horse battery staple' })
  @IsString({ message: 'Password is required' })
  @IsNotEmpty({ message: 'Password is required' })
  @MaxLength(200, { message: 'Password is too long' })
  password: string;

  @ApiPropertyOptional({
    description: 'With two-step login on: the 6-digit code of the app, or a recovery code',
  })
  @IsOptional()
  @IsString({ message: 'code must be text' })
  @MaxLength(40, { message: 'That code is too long.' })
  code?: string;
}
