// What other modules may use of this one; they import nothing else of it.
export { RELEASES_ENTITIES, ReleasesModule } from './releases.module.js';
export { attachmentHeaders, mountDownloads } from './download-route.js';
export { DownloadsService } from './downloads.service.js';
export { type LibraryOpened, LibraryService } from './library.service.js';
export { downloadSection, type DownloadEmailLink } from './emails/download-links.email.js';
