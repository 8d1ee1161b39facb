// What other modules may use of this one; they import nothing else of it.
export { GALLERY_ENTITIES, GalleryModule } from './gallery.module.js';
export { GALLERY_MEDIA_PATH } from './gallery-files.js';
export { mountGalleryMedia } from './gallery-media.js';
export { GalleryUploads } from './gallery-uploads.js';
export { GalleryService, type UploadedPhoto } from './gallery.service.js';
export {
  ImageFileInterceptor,
  PhotoFileInterceptor,
  PhotoTooLargeInterceptor,
  PhotoUploadSlotInterceptor,
} from './photo-upload.interceptor.js';
