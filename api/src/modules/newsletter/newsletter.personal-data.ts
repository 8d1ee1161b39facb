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
import { EmailSignup } from './email-signup.entity.js';

/** A fan's newsletter signups, under every address they signed up with; erasure deletes them. */
@Injectable()
@PersonalDataProvider()
export class NewsletterPersonalData implements PersonalData {
  readonly tables = ['email_signups'];
  readonly stage = 'records';

  async find(manager: EntityManager, subject: PersonalDataSubject, trail: PersonalDataTrail) {
    const signups = await recordsOfPerson(manager, EmailSignup, 's', subject);
    for (const s of signups) trail.addresses.add(s.email);
    trail.emailSubjects.push(...signups.map((s) => ({ type: 'signup' as const, id: s.id })));
    return deletedRows(EmailSignup, 'email_signups', signups, 'signupsDeleted');
  }
}
