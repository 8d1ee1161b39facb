import {
  IsEmail,
  IsIn,
  IsNotEmpty,
  IsOptional,
  IsString,
  Matches,
  MaxLength,
  ValidateIf,
} from 'class-validator';
import { NormaliseEmail, Trim } from '../../../common/strings.js';

const required = (label: string) => ({ message: `${label} is required` });

const needsAddress = (o: TestPaymentDto) => o.downloadsOnly !== '1';

/** The form of the test checkout page (urlencoded): the buyer and where to ship. */
export class TestPaymentDto {
  @Trim()
  @IsString(required('Name'))
  @IsNotEmpty(required('Name'))
  @MaxLength(200)
  name: string;

  @NormaliseEmail()
  @IsEmail({}, { message: 'Please enter a valid email address' })
  @MaxLength(320)
  email: string;

  /** '1' from the page of an order of downloads only, which asks for no address. */
  @IsOptional()
  @IsIn(['1'])
  downloadsOnly?: '1';

  @Trim()
  @ValidateIf(needsAddress)
  @IsString(required('Address line 1'))
  @IsNotEmpty(required('Address line 1'))
  @MaxLength(200)
  line1: string;

  @Trim()
  @IsOptional()
  @IsString()
  @MaxLength(200)
  line2?: string;

  @Trim()
  @ValidateIf(needsAddress)
  @IsString(required('City'))
  @IsNotEmpty(required('City'))
  @MaxLength(100)
  city: string;

  @Trim()
  @IsOptional()
  @IsString()
  @MaxLength(100)
  state?: string;

  @Trim()
  @ValidateIf(needsAddress)
  @IsString(required('Postal code'))
  @IsNotEmpty(required('Postal code'))
  @MaxLength(20)
  postal_code: string;

  /** One of the countries of the session's zone (checked against it on payment). */
  @ValidateIf(needsAddress)
  @IsString({ message: 'Country is required' })
  @Matches(/^[A-Z]{2}$/, { message: 'Country must be a two-letter code such as US' })
  country: string;
}
