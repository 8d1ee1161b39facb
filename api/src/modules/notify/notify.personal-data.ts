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
import { NotifyMe } from './notify-me.entity.js';

/** A fan's back-in-stock requests, under every address they used; erasure deletes them. */
@Injectable()
@PersonalDataProvider()
export class NotifyPersonalData implements PersonalData {
  readonly tables = ['notify_me'];
  readonly stage = 'records';

  async find(manager: EntityManager, subject: PersonalDataSubject, trail: PersonalDataTrail) {
    const requests = await recordsOfPerson(manager, NotifyMe, 'n', subject);
    for (const n of requests) trail.addresses.add(n.email);
    trail.emailSubjects.push(...requests.map((n) => ({ type: 'notify-me' as const, id: n.id })));
    return deletedRows(NotifyMe, 'notify_me', requests, 'notifyMeDeleted');
  }
}
