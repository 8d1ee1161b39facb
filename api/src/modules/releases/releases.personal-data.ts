import type { EntityManager } from 'typeorm';
import {
  addEmailSubjects,
  PersonalDataProvider,
  type PersonalData,
  type PersonalDataSubject,
  type PersonalDataTrail,
} from '../../common/personal-data.js';
import { DownloadCodesService } from './download-codes.service.js';
import { DownloadsService } from './downloads.service.js';

/**
 * A fan's download links (by address or order) and the downloads made with them, which erasure
 * deletes; and the download codes they redeemed, which erasure keeps without their address.
 */
@PersonalDataProvider()
export class ReleasesPersonalData implements PersonalData {
  readonly tables = ['download_links', 'download_records', 'download_codes'];
  readonly stage = 'traces';

  constructor(
    private readonly downloads: DownloadsService,
    private readonly codes: DownloadCodesService,
  ) {}

  async find(manager: EntityManager, subject: PersonalDataSubject, trail: PersonalDataTrail) {
    const orderIds = [...trail.orderIds];
    const { links, records } = await this.downloads.personalData(manager, subject.email, orderIds);
    const codes = await this.codes.redeemedBy(manager, subject.email);
    addEmailSubjects(trail, 'download-link', ...links.map((l) => l.id));
    addEmailSubjects(trail, 'download-code', ...codes.map((c) => c.id));
    return {
      sections: { download_links: links, downloads: records, download_codes: codes },
      erase: async (m: EntityManager) => ({
        downloadLinksDeleted: await this.downloads.erase(m, subject.email, orderIds),
        downloadCodesForgotten: await this.codes.forget(m, subject.email),
      }),
    };
  }
}
