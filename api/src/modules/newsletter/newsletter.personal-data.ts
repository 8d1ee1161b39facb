import { DeletedPersonalRecords, PersonalDataProvider } from '../../common/personal-data.js';
import { EmailSignup } from './email-signup.entity.js';

/** A fan's newsletter signups, under every address they signed up with; erasure deletes them. */
@PersonalDataProvider()
export class NewsletterPersonalData extends DeletedPersonalRecords<EmailSignup> {
  constructor() {
    super(EmailSignup, 'email_signups', 'signup', 'signupsDeleted', true);
  }
}
