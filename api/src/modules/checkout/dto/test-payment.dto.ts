import { IsIn, IsOptional, IsString, Matches, MaxLength, ValidateIf } from 'class-validator';
import { EmailAddress, RequiredText, Trim } from '../../../common/strings.js';

const required = (label: string) => `${label} is required`;

const needsAddress = (o: TestPaymentDto) => o.downloadsOnly !== '1';

/** The form of the test checkout page (urlencoded): the buyer and where to ship. */
export class TestPaymentDto {
  @RequiredText(200, required('Name'))
  name: string;

  @EmailAddress(320)
  email: string;

  /** '1' from the page of an order of downloads only, which asks for no address. */
  @IsOptional()
  @IsIn(['1'])
  downloadsOnly?: '1';

  @ValidateIf(needsAddress)
  @RequiredText(200, required('Address line 1'))
  line1: string;

  @Trim()
  @IsOptional()
  @IsString()
  @MaxLength(200)
  line2?: string;

  @ValidateIf(needsAddress)
  @RequiredText(100, required('City'))
  city: string;

  @Trim()
  @IsOptional()
  @IsString()
  @MaxLength(100)
  state?: string;

  @ValidateIf(needsAddress)
  @RequiredText(20, required('Postal code'))
  postal_code: string;

  /** One of the countries of the session's zone (checked against it on payment). */
  @ValidateIf(needsAddress)
  @IsString({ message: 'Country is required' })
  @Matches(/^[A-Z]{2}$/, { message: 'Country must be a two-letter code such as US' })
  country: string;
}
