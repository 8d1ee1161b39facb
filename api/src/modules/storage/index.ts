// What other modules may use of this one; they import nothing else of it.
export { createStorage, StorageModule } from './storage.module.js';
export { FileStorage } from './file-storage.js';
export { removeUploadedFile, TemporaryFileInterceptor, tooLargeAs } from './file-uploads.js';
export {
  type ByteRange,
  checkKey,
  contentTypeOf,
  isStorageKey,
  parseRange,
  STORAGE,
  type Storage,
  type StoredFile,
} from './storage.js';
