import { DeletedPersonalRecords, PersonalDataProvider } from '../../common/personal-data.js';
import { NotifyMe } from './notify-me.entity.js';

/** A fan's back-in-stock requests, under every address they used; erasure deletes them. */
@PersonalDataProvider()
export class NotifyPersonalData extends DeletedPersonalRecords<NotifyMe> {
  constructor() {
    super(NotifyMe, 'notify_me', 'notify-me', 'notifyMeDeleted', true);
  }
}
