import { ApiProperty } from '@nestjs/swagger';
import { IsNotEmpty, IsString, MaxLength } from 'class-validator';
import type { LoginRequest } from '@artist/contracts';

export class LoginDto implements LoginRequest {
  @ApiProperty({ example: 'correct horse battery staple' })
  @IsString({ message: 'Password is required' })
  @IsNotEmpty({ message: 'Password is required' })
  @MaxLength(200, { message: 'Password is too long' })
  password: string;
}
