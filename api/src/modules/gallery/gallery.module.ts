import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AdminGalleryController, GalleryController } from './gallery.controller.js';
import { GalleryImages } from './gallery-images.js';
import { GalleryPhotoRecord } from './gallery-photo.entity.js';
import { GallerySweepService } from './gallery-sweep.service.js';
import { GalleryService } from './gallery.service.js';
import { GalleryUploads } from './gallery-uploads.js';
import { UploadSlots } from './upload-slots.js';

@Module({
  imports: [TypeOrmModule.forFeature([GalleryPhotoRecord])],
  controllers: [GalleryController, AdminGalleryController],
  providers: [GalleryService, GallerySweepService, GalleryImages, UploadSlots, GalleryUploads],
  exports: [GalleryUploads, UploadSlots],
})
export class GalleryModule {}
