import { Body, Get, Param, Post, UploadedFile, UseInterceptors } from '@nestjs/common';
import { ApiBody, ApiConsumes, ApiProperty, ApiResponse } from '@nestjs/swagger';
import { IsString, Matches, MaxLength } from 'class-validator';
import type { AdminProduct, ReleaseFile } from '@artist/contracts';
import { AdminController } from '../../common/admin-only.js';
import { CatalogService, toAdminProduct } from './catalog.service.js';
import {
  ReleaseFileInterceptor,
  ReleaseFilesService,
  ReleaseUploadInterceptor,
  type UploadedReleaseFile,
} from './release-files.js';

class ReleaseIdParam {
  @ApiProperty({ example: 'porch-light' })
  @IsString()
  @MaxLength(60, { message: 'Product not found.' })
  @Matches(/^[a-z0-9-]+$/, { message: 'Product not found.' })
  id: string;
}

/** The multipart body of `POST /api/admin/products/:id/files`. */
class ReleaseFileBody {
  @ApiProperty({ type: 'string', format: 'binary', description: 'A ZIP of up to 2 GB' })
  file: unknown;

  @ApiProperty({ example: 'MP3 320' })
  format: string;
}

/** The files of a digital release: one ZIP per format. */
@AdminController('admin/products', 'admin: products')
export class ReleaseFilesController {
  constructor(private readonly files: ReleaseFilesService) {}

  @Post(':id/files')
  @UseInterceptors(ReleaseUploadInterceptor, ReleaseFileInterceptor)
  @ApiConsumes('multipart/form-data')
  @ApiBody({ type: ReleaseFileBody })
  @ApiResponse({ status: 201, description: '{ id, format, bytes }' })
  @ApiResponse({ status: 400, description: 'No file, no format, not a ZIP, or not a release' })
  @ApiResponse({ status: 404, description: 'No product has this id' })
  @ApiResponse({ status: 413, description: 'The file is over 2 GB' })
  add(
    @Param() { id }: ReleaseIdParam,
    @Body() body: Record<string, unknown>,
    @UploadedFile() file: UploadedReleaseFile | undefined,
  ): Promise<ReleaseFile> {
    return this.files.add(id, body?.format, file);
  }
}

/** The Releases area: the digital products in the shop, with their formats. */
@AdminController('admin/releases', 'admin: products')
export class ReleasesController {
  constructor(private readonly catalog: CatalogService) {}

  @Get()
  async list(): Promise<AdminProduct[]> {
    return (await this.catalog.stored())
      .filter(({ product }) => product.kind === 'digital' && product.archivedAt === null)
      .map(toAdminProduct);
  }
}
