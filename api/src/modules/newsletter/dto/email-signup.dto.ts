import { ApiProperty } from '@nestjs/swagger';
import { IsEmail, MaxLength } from 'class-validator';
import type { EmailSignupRequest } from '@artist/contracts';
import { NormaliseEmail } from '../../../common/strings.js';

export class EmailSignupDto implements EmailSignupRequest {
  @ApiProperty({ example: 'fan@example.com' })
  @NormaliseEmail()
  @IsEmail({}, { message: 'Please enter a valid email address' })
  @MaxLength(254, { message: 'Please enter a valid email address' })
  email: string;
}
