import { Module } from '@nestjs/common';
import { PlacesService } from './places.service.js';

/** Where fans and shows are, worked out offline (see PlacesService). */
@Module({
  providers: [PlacesService],
  exports: [PlacesService],
})
export class PlacesModule {}
