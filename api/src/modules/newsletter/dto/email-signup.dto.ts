import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString, MaxLength } from 'class-validator';
import { SIGNUP_LOCATION_MAX, type EmailSignupRequest } from '@artist/contracts';
import { EmailAddress, Trim } from '../../../common/strings.js';
import { EMAIL_MESSAGE } from '../../../common/validation.js';

export class EmailSignupDto implements EmailSignupRequest {
  @ApiProperty({ example: 'fan@example.com' })
  @EmailAddress(254, EMAIL_MESSAGE)
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
