import {
  Global,
  Inject,
  Module,
  type DynamicModule,
  type OnApplicationShutdown,
} from '@nestjs/common';
import type { AppConfig } from '../../config/env.js';
import { FileStorage } from './file-storage.js';
import { STORAGE, type Storage } from './storage.js';

/**
 * The storage STORAGE_URL names: a folder on this machine or an S3-compatible bucket. The S3
 * client (the AWS SDK, a few hundred modules) is loaded only for a bucket: every start of a site
 * on a folder, the usual case, would otherwise load it for nothing.
 */
export async function createStorage(config: AppConfig['storage']): Promise<Storage> {
  if (config.type !== 's3') return new FileStorage(config.dir);
  const { S3Storage } = await import('./s3-storage.js');
  return new S3Storage(config);
}

class StorageShutdown implements OnApplicationShutdown {
  constructor(@Inject(STORAGE) private readonly storage: Storage) {}

  onApplicationShutdown(): void {
    this.storage.destroy?.();
  }
}

/** Makes the site's `Storage` injectable everywhere as `@Inject(STORAGE)`. */
@Global()
@Module({})
export class StorageModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: StorageModule,
      providers: [
        { provide: STORAGE, useFactory: () => createStorage(config.storage) },
        StorageShutdown,
      ],
      exports: [STORAGE],
    };
  }
}
