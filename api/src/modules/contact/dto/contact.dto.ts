import { ApiProperty } from '@nestjs/swagger';
import { IsEmail, IsIn, IsNotEmpty, IsString, MaxLength } from 'class-validator';
import { CONTACT_SUBJECTS, type ContactRequest, type ContactSubject } from '@artist/contracts';
import { NormaliseEmail, Trim } from '../../../common/strings.js';

/** The form sets no bounds of its own; these only keep a row within its columns. */
export class ContactDto implements ContactRequest {
  @ApiProperty({ example: 'Dolly', maxLength: 200 })
  @Trim()
  @IsString({ message: 'Required' })
  @IsNotEmpty({ message: 'Required' })
  @MaxLength(200, { message: 'First name cannot exceed 200 characters' })
  firstName: string;

  @ApiProperty({ example: 'Parton', maxLength: 200 })
  @Trim()
  @IsString({ message: 'Required' })
  @IsNotEmpty({ message: 'Required' })
  @MaxLength(200, { message: 'Last name cannot exceed 200 characters' })
  lastName: string;

  @ApiProperty({ example: 'dolly@example.com' })
  @NormaliseEmail()
  @IsEmail({}, { message: 'Please enter a valid email address' })
  @MaxLength(254, { message: 'Please enter a valid email address' })
  email: string;

  @ApiProperty({ enum: CONTACT_SUBJECTS })
  @IsIn(CONTACT_SUBJECTS, { message: 'Required' })
  subject: ContactSubject;

  @ApiProperty({ example: 'Would you play our festival?', maxLength: 10000 })
  @Trim()
  @IsString({ message: 'Required' })
  @IsNotEmpty({ message: 'Required' })
  @MaxLength(10000, { message: 'Message cannot exceed 10000 characters' })
  message: string;
}
