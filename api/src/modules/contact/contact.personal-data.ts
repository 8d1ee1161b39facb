import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import {
  deletedRows,
  PersonalDataProvider,
  recordsOfPerson,
  type PersonalData,
  type PersonalDataSubject,
  type PersonalDataTrail,
} from '../../common/personal-data.js';
import { ContactMessage } from './contact-message.entity.js';

/** A fan's messages through the contact form; erasure deletes them. */
@Injectable()
@PersonalDataProvider()
export class ContactPersonalData implements PersonalData {
  readonly tables = ['contact_messages'];
  readonly stage = 'records';

  async find(manager: EntityManager, subject: PersonalDataSubject, trail: PersonalDataTrail) {
    const messages = await recordsOfPerson(manager, ContactMessage, 'm', subject);
    trail.emailSubjects.push(
      ...messages.map((m) => ({ type: 'contact-message' as const, id: m.id })),
    );
    return deletedRows(ContactMessage, 'contact_messages', messages, 'messagesDeleted');
  }
}
