import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { APP_CONFIG } from '../../config/config.module.js';
import type { AppConfig } from '../../config/env.js';
import { fileNameOf, sweepGalleryFolder } from './gallery-files.js';
import { GalleryPhotoRecord } from './gallery-photo.entity.js';
import { GalleryUploads } from './gallery-uploads.js';

/**
 * At start-up, before the server listens, brings the gallery's folder in line with its rows and those of other modules' photos:
 * an upload or a delete cut short (a kill, a power cut) leaves files that no row names, which
 * nothing would ever remove otherwise.
 */
@Injectable()
export class GallerySweepService implements OnApplicationBootstrap {
  private readonly logger = new Logger(GallerySweepService.name);

  constructor(
    private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly uploads: GalleryUploads,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    try {
      const rows = await this.dataSource.getRepository(GalleryPhotoRecord).find({
        select: { mediumWebp: true, mediumAvif: true, fullWebp: true, fullAvif: true },
      });
      const named = new Set(
        rows
          .flatMap((row) => [row.mediumWebp, row.mediumAvif, row.fullWebp, row.fullAvif])
          .map(fileNameOf)
          .filter((name) => name !== null),
      );
      // Files of other modules' photos (a product's) that their rows name are kept too.
      for (const name of await this.uploads.namedByOthers()) named.add(name);
      const { removed, published } = await sweepGalleryFolder(this.config.uploadsDir, named);
      if (removed || published)
        this.logger.log(
          `gallery folder swept: ${removed} file(s) no photo names removed, ` +
            `${published} file(s) of committed photos given their names`,
        );
    } catch (error) {
      // Leftover files only take disk space: the site starts anyway, and the next start retries.
      this.logger.error({ err: error, msg: 'gallery folder not swept' });
    }
  }
}
