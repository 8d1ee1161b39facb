import { DeletedPersonalRecords, PersonalDataProvider } from '../../common/personal-data.js';
import { ContactMessage } from './contact-message.entity.js';

/** A fan's messages through the contact form; erasure deletes them. */
@PersonalDataProvider()
export class ContactPersonalData extends DeletedPersonalRecords<ContactMessage> {
  constructor() {
    super(ContactMessage, 'contact_messages', 'contact-message', 'messagesDeleted', false);
  }
}
