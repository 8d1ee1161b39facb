import {
  Body,
  Delete,
  HttpCode,
  Param,
  Post,
  Put,
  UploadedFile,
  UseInterceptors,
} from '@nestjs/common';
import { ApiBody, ApiConsumes, ApiProperty, ApiResponse } from '@nestjs/swagger';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsString, Matches, MaxLength } from 'class-validator';
import {
  EXPORT_NAMES,
  PRODUCT_LIST_FILTERS,
  PRODUCT_SORTS,
  type AdminProduct,
  type ProductOrderInput,
  type ProductRemoval,
} from '@artist/contracts';
import { AdminListController } from '../../lists/admin-list.controller.js';
import { csvColumns, type CsvColumn } from '../../lists/csv.js';
import { AdminController } from '../../common/admin-only.js';
import { ProductInputDto, StockInputDto } from './dto/product-input.dto.js';
import type { UploadedPhoto } from '../gallery/gallery.service.js';
import {
  PhotoFileInterceptor,
  PhotoTooLargeInterceptor,
  PhotoUploadSlotInterceptor,
} from '../gallery/photo-upload.interceptor.js';
import { InventoryService } from './inventory.service.js';

class ProductIdParam {
  @ApiProperty({ example: 'tshirt' })
  @IsString()
  @MaxLength(60, { message: 'Product not found.' })
  @Matches(/^[a-z0-9-]+$/, { message: 'Product not found.' })
  id: string;
}

/** Most products one reorder may list: far above any shop's. */
const MAX_PRODUCTS_ORDERED = 1000;

class ProductOrderDto implements ProductOrderInput {
  @ApiProperty({ type: [String], example: ['hat', 'tshirt'] })
  @IsArray({ message: 'ids must be a list of product ids' })
  @ArrayMinSize(1, { message: 'ids must list every product in the shop' })
  @ArrayMaxSize(MAX_PRODUCTS_ORDERED, { message: 'ids must list every product in the shop' })
  @IsString({ each: true, message: 'ids must be a list of product ids' })
  @MaxLength(60, { each: true, message: 'ids must be a list of product ids' })
  ids: string[];
}

/** The multipart body of `POST /api/admin/products/:id/image`. */
class ProductPhotoBody {
  @ApiProperty({ type: 'string', format: 'binary', description: 'JPEG, PNG, WebP or AVIF' })
  photo: unknown;
}

const stockText = (p: AdminProduct) =>
  p.variants
    .map((v) => `${v.size ?? 'One size'}: ${v.stock === null ? 'not tracked' : `${v.left} left`}`)
    .join('; ');

const columns: CsvColumn<AdminProduct>[] = [
  ...csvColumns<AdminProduct>('id', 'name'),
  { header: 'price', value: (p) => (p.priceInCents / 100).toFixed(2) },
  { header: 'sizes', value: (p) => p.variants.map((v) => v.size ?? 'One size').join(' ') },
  { header: 'stock', value: stockText },
  { header: 'reserved', value: (p) => p.variants.reduce((n, v) => n + v.reserved, 0) },
  { header: 'available', value: (p) => (p.available ? 'yes' : 'no') },
  ...csvColumns<AdminProduct>('image', 'position', 'archivedAt'),
];

export class ProductListController extends AdminListController({
  path: 'admin/products',
  tag: 'admin: products',
  source: InventoryService,
  filters: PRODUCT_LIST_FILTERS,
  sorts: PRODUCT_SORTS,
  columns,
  exportName: EXPORT_NAMES.products,
}) {}

/** The Products tab: the catalogue and its stock, per size. */
@AdminController('admin/products', 'admin: products')
export class ProductsController {
  constructor(private readonly inventory: InventoryService) {}

  @Post()
  create(@Body() body: ProductInputDto): Promise<AdminProduct> {
    return this.inventory.create(body);
  }

  /** Declared before `:id`. */
  @Put('order')
  @ApiResponse({ status: 400, description: 'ids is not every product in the shop, each once' })
  reorder(@Body() { ids }: ProductOrderDto): Promise<AdminProduct[]> {
    return this.inventory.reorder(ids);
  }

  @Put(':id')
  update(@Param() { id }: ProductIdParam, @Body() body: ProductInputDto): Promise<AdminProduct> {
    return this.inventory.update(id, body);
  }

  /** One size's stock: a whole number, or null for not tracked. */
  @Put(':id/stock')
  setStock(@Param() { id }: ProductIdParam, @Body() body: StockInputDto): Promise<AdminProduct> {
    return this.inventory.setStock(id, body);
  }

  /** The product's photo, through the gallery's pipeline (field `photo`). */
  @Post(':id/image')
  @HttpCode(200)
  @UseInterceptors(PhotoTooLargeInterceptor, PhotoUploadSlotInterceptor, PhotoFileInterceptor)
  @ApiConsumes('multipart/form-data')
  @ApiBody({ type: ProductPhotoBody })
  @ApiResponse({ status: 200, description: 'The product with its new photo' })
  @ApiResponse({ status: 400, description: 'No photo, or not a JPEG/PNG/WebP/AVIF image' })
  @ApiResponse({ status: 404, description: 'No product has this id' })
  @ApiResponse({ status: 413, description: 'The photo is over 15 MB' })
  setImage(
    @Param() { id }: ProductIdParam,
    @UploadedFile() photo: UploadedPhoto | undefined,
  ): Promise<AdminProduct> {
    return this.inventory.setPhoto(id, photo);
  }

  /** Removes a product never ordered; archives one that was (`outcome` says which). */
  @Delete(':id')
  @ApiResponse({
    status: 200,
    description: "{ outcome: 'deleted' } or { outcome: 'archived', product }",
  })
  @ApiResponse({ status: 404, description: 'No product has this id' })
  remove(@Param() { id }: ProductIdParam): Promise<ProductRemoval> {
    return this.inventory.remove(id);
  }

  /** An archived product back in the shop, last in its order. */
  @Post(':id/restore')
  @HttpCode(200)
  @ApiResponse({ status: 404, description: 'No product has this id' })
  restore(@Param() { id }: ProductIdParam): Promise<AdminProduct> {
    return this.inventory.restore(id);
  }
}
