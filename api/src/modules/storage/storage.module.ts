import {
  Global,
  Inject,
  Module,
  type DynamicModule,
  type OnApplicationShutdown,
} from '@nestjs/common';
import type { AppConfig } from '../../config/env.js';
import { FileStorage } from './file-storage.js';
import { S3Storage } from './s3-storage.js';
import { STORAGE, type Storage } from './storage.js';

/** The storage STORAGE_URL names: a folder on this machine or an S3-compatible bucket. */
export function createStorage(config: AppConfig['storage']): Storage {
  return config.type === 's3' ? new S3Storage(config) : new FileStorage(config.dir);
}

class StorageShutdown implements OnApplicationShutdown {
  constructor(@Inject(STORAGE) private readonly storage: Storage) {}

  onApplicationShutdown(): void {
    if (this.storage instanceof S3Storage) this.storage.destroy();
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
