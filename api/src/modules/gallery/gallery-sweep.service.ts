import {
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import { DataSource } from 'typeorm';
import { FileStorage, STORAGE, type Storage } from '../storage/index.js';
import { FILE_NAME, GALLERY_PREFIX, fileNameOf } from './gallery-files.js';
import { GalleryPhotoRecord } from './gallery-photo.entity.js';
import { GalleryUploads } from './gallery-uploads.js';

/**
 * A stored file no row names is removed only once it is this old: until then it may belong to an
 * upload under way on this or another instance, written to storage and not yet committed.
 */
export const SWEEP_GRACE_MS = 60 * 60_000;

/** How often each instance sweeps, besides at start-up. */
export const SWEEP_EVERY_MS = 15 * 60_000;

/** What a sweep did. */
export interface SweepResult {
  /** Files of this module's name shape that no row names, past the grace. */
  removed: number;
  /** Temporary files of writes cut short (folder storage only), past the grace. */
  temporaries: number;
}

/**
 * Brings the gallery's storage in line with its rows: an upload or a delete cut short (a kill, a
 * power cut) leaves files that no row names, which nothing would ever remove otherwise. Runs at
 * start-up and every quarter of an hour; files younger than an hour are left, as an upload on
 * another instance may be about to commit the row naming them. Other files are left alone.
 */
@Injectable()
export class GallerySweepService implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(GallerySweepService.name);
  private timer?: NodeJS.Timeout;

  constructor(
    private readonly dataSource: DataSource,
    @Inject(STORAGE) private readonly storage: Storage,
    private readonly uploads: GalleryUploads,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.sweepLogged();
    this.timer = setInterval(() => void this.sweepLogged(), SWEEP_EVERY_MS);
    this.timer.unref();
  }

  onApplicationShutdown(): void {
    clearInterval(this.timer);
  }

  private async sweepLogged(): Promise<void> {
    try {
      const { removed, temporaries } = await this.sweep();
      if (removed || temporaries)
        this.logger.log(
          `gallery storage swept: ${removed} file(s) no photo names and ` +
            `${temporaries} temporary file(s) removed`,
        );
    } catch (error) {
      // Leftover files only take space: the site runs anyway, and the next sweep retries.
      this.logger.error({ err: error, msg: 'gallery storage not swept' });
    }
  }

  /**
   * One sweep, as at `now`. The rows are read before the files are listed: a file written
   * after that read is younger than the grace, so it is never taken for an orphan.
   */
  async sweep(now = Date.now()): Promise<SweepResult> {
    const before = now - SWEEP_GRACE_MS;
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
    const result: SweepResult = { removed: 0, temporaries: 0 };
    const orphans: string[] = [];
    for await (const file of this.storage.list(GALLERY_PREFIX)) {
      const name = file.key.slice(GALLERY_PREFIX.length);
      if (FILE_NAME.test(name) && !named.has(name) && file.modified.getTime() < before)
        orphans.push(file.key);
    }
    for (const key of orphans) {
      await this.storage.delete(key);
      result.removed++;
    }
    if (this.storage instanceof FileStorage)
      result.temporaries = await this.storage.removeStaleTemporaries(before);
    return result;
  }
}
