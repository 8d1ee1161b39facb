import { ApiProperty } from '@nestjs/swagger';
import { IsIn } from 'class-validator';
import { CONTACT_SUBJECTS, type ContactRequest, type ContactSubject } from '@artist/contracts';
import { EmailAddress, RequiredText } from '../../../common/strings.js';
import { EMAIL_MESSAGE } from '../../../common/validation.js';

/** The form sets no bounds of its own; these only keep a row within its columns. */
export class ContactDto implements ContactRequest {
  @ApiProperty({ example: 'Dolly', maxLength: 200 })
  @RequiredText(200, 'Required', 'First name cannot exceed 200 characters')
  firstName: string;

  @ApiProperty({ example: 'Parton', maxLength: 200 })
  @RequiredText(200, 'Required', 'Last name cannot exceed 200 characters')
  lastName: string;

  @ApiProperty({ example: 'dolly@example.com' })
  @EmailAddress(254, EMAIL_MESSAGE)
  email: string;

  @ApiProperty({ enum: CONTACT_SUBJECTS })
  @IsIn(CONTACT_SUBJECTS, { message: 'Required' })
  subject: ContactSubject;

  @ApiProperty({ example: 'Would you play our festival?', maxLength: 10000 })
  @RequiredText(10000, 'Required', 'Message cannot exceed 10000 characters')
  message: string;
}
