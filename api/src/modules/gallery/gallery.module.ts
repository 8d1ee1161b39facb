import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AdminGalleryController, GalleryController } from './gallery.controller.js';
import { GalleryImages } from './gallery-images.js';
import { GalleryPhotoRecord } from './gallery-photo.entity.js';
import { GallerySweepService } from './gallery-sweep.service.js';
import { GalleryService } from './gallery.service.js';
import { GalleryUploads } from './gallery-uploads.js';
import { UploadSlots } from './upload-slots.js';

/** The tables this module owns: registered here, and listed for data sources outside the app. */
export const GALLERY_ENTITIES = [GalleryPhotoRecord];

@Module({
  imports: [TypeOrmModule.forFeature(GALLERY_ENTITIES)],
  controllers: [GalleryController, AdminGalleryController],
  providers: [GalleryService, GallerySweepService, GalleryImages, UploadSlots, GalleryUploads],
  exports: [GalleryUploads, UploadSlots],
})
export class GalleryModule {}
