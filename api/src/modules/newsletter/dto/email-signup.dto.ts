import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsEmail, IsOptional, IsString, MaxLength } from 'class-validator';
import { SIGNUP_LOCATION_MAX, type EmailSignupRequest } from '@artist/contracts';
import { NormaliseEmail, Trim } from '../../../common/strings.js';

export class EmailSignupDto implements EmailSignupRequest {
  @ApiProperty({ example: 'fan@example.com' })
  @NormaliseEmail()
  @IsEmail({}, { message: 'Please enter a valid email address' })
  @MaxLength(254, { message: 'Please enter a valid email address' })
  email: string;

  @ApiPropertyOptional({
    example: 'Franklin, TN',
    maxLength: SIGNUP_LOCATION_MAX,
    description: 'A city, or a ZIP or postal code',
  })
  @IsOptional()
  @Trim()
  @IsString({ message: 'Location must be text' })
  @MaxLength(SIGNUP_LOCATION_MAX, {
    message: `Location cannot exceed ${SIGNUP_LOCATION_MAX} characters`,
  })
  location?: string;
}
