import {
  Body,
  Controller,
  Delete,
  Get,
  HttpCode,
  Param,
  Patch,
  Post,
  Put,
  Query,
  UploadedFile,
  UseInterceptors,
} from '@nestjs/common';
import { ApiBody, ApiConsumes, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { GalleryPhoto, ListPage } from '@artist/contracts';
import { IdParam } from '../../lists/bulk.dto.js';
import { listPage } from '../../lists/list.js';
import { ListQueryDto } from '../../lists/list-query.js';
import { AdminController } from '../../common/admin-only.js';
import {
  PhotoOrderDto,
  UpdatePhotoDto,
  UploadPhotoBody,
  UploadPhotoDto,
} from './dto/gallery-photo.dto.js';
import { GalleryService, type UploadedPhoto } from './gallery.service.js';
import {
  PhotoFileInterceptor,
  PhotoTooLargeInterceptor,
  PhotoUploadSlotInterceptor,
} from './photo-upload.interceptor.js';

@ApiTags('gallery')
@Controller('gallery')
export class GalleryController {
  constructor(private readonly gallery: GalleryService) {}

  /** The photos in the artist's order. */
  @Get()
  list(): Promise<GalleryPhoto[]> {
    return this.gallery.listPublic();
  }
}

class GalleryListQueryDto extends ListQueryDto<never, 'position'>([], ['position']) {}

@AdminController('admin/gallery', 'admin: gallery')
export class AdminGalleryController {
  constructor(private readonly gallery: GalleryService) {}

  /** The shared list block, in the gallery's order; `search` looks in the descriptions. */
  @Get()
  list(@Query() query: GalleryListQueryDto): Promise<ListPage<GalleryPhoto, never>> {
    return listPage(this.gallery.listDefinition(), query);
  }

  @Post()
  @UseInterceptors(PhotoTooLargeInterceptor, PhotoUploadSlotInterceptor, PhotoFileInterceptor)
  @ApiConsumes('multipart/form-data')
  @ApiBody({ type: UploadPhotoBody })
  @ApiResponse({ status: 201, description: 'The new photo, last in the gallery' })
  @ApiResponse({ status: 400, description: 'No photo, not a JPEG/PNG/WebP/AVIF image, or no alt' })
  @ApiResponse({ status: 413, description: 'The photo is over 15 MB' })
  upload(
    @UploadedFile() photo: UploadedPhoto | undefined,
    @Body() { alt }: UploadPhotoDto,
  ): Promise<GalleryPhoto> {
    return this.gallery.create(photo, alt);
  }

  /** Declared before `:id`, though only PATCH and DELETE take an id. */
  @Put('order')
  @ApiResponse({ status: 400, description: 'ids is not every photo id, each once' })
  reorder(@Body() { ids }: PhotoOrderDto): Promise<GalleryPhoto[]> {
    return this.gallery.reorder(ids);
  }

  @Patch(':id')
  @ApiResponse({ status: 404, description: 'No photo has this id' })
  update(@Param() { id }: IdParam, @Body() { alt }: UpdatePhotoDto): Promise<GalleryPhoto> {
    return this.gallery.updateAlt(id, alt);
  }

  @Delete(':id')
  @HttpCode(204)
  @ApiResponse({ status: 404, description: 'No photo has this id' })
  remove(@Param() { id }: IdParam): Promise<void> {
    return this.gallery.remove(id);
  }
}
