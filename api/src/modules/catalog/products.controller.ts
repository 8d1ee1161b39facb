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
  MAX_PRODUCT_IMAGES,
  type AdminProduct,
  type ProductImageUpload,
  type ProductImagesOrder,
  type ProductOrderInput,
  type ProductRemoval,
} from '@artist/contracts';
import { AdminListController } from '../../lists/admin-list.controller.js';
import { csvColumns, type CsvColumn } from '../../lists/csv.js';
import { AdminController } from '../../common/admin-only.js';
import { ProductInputDto, StockInputDto } from './dto/product-input.dto.js';
import {
  type UploadedPhoto,
  ImageFileInterceptor,
  PhotoFileInterceptor,
  PhotoTooLargeInterceptor,
  PhotoUploadSlotInterceptor,
} from '../gallery/index.js';
import { InventoryService } from './inventory.service.js';
import { IMAGES_ORDER_MESSAGE, ProductImagesService } from './product-images.js';

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

/** The multipart body of `POST /api/admin/products/:id/images`. */
class ProductImageBody {
  @ApiProperty({ type: 'string', format: 'binary', description: 'JPEG, PNG, WebP or AVIF' })
  file: unknown;
}

class ProductImagesOrderDto implements ProductImagesOrder {
  @ApiProperty({ type: [String], description: "The product's photo addresses, each once" })
  @IsArray({ message: IMAGES_ORDER_MESSAGE })
  @ArrayMaxSize(MAX_PRODUCT_IMAGES, { message: IMAGES_ORDER_MESSAGE })
  @IsString({ each: true, message: IMAGES_ORDER_MESSAGE })
  @MaxLength(500, { each: true, message: IMAGES_ORDER_MESSAGE })
  images: string[];
}

class ProductImageParam extends ProductIdParam {
  @ApiProperty({ example: '0', description: "The photo's place, from 0" })
  @IsString()
  @MaxLength(20, { message: 'The photo is named by its place, a number from 0.' })
  index: string;
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
  constructor(
    private readonly inventory: InventoryService,
    private readonly images: ProductImagesService,
  ) {}

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

  /** One more photo, last of the product's (field `file`); at most MAX_PRODUCT_IMAGES. */
  @Post(':id/images')
  @UseInterceptors(PhotoTooLargeInterceptor, PhotoUploadSlotInterceptor, ImageFileInterceptor)
  @ApiConsumes('multipart/form-data')
  @ApiBody({ type: ProductImageBody })
  @ApiResponse({ status: 201, description: '{ url }: the new photo, full size' })
  @ApiResponse({
    status: 400,
    description: `No file, not a JPEG/PNG/WebP/AVIF image, or ${MAX_PRODUCT_IMAGES} photos already`,
  })
  @ApiResponse({ status: 404, description: 'No product has this id' })
  @ApiResponse({ status: 413, description: 'The photo is over 15 MB' })
  addImage(
    @Param() { id }: ProductIdParam,
    @UploadedFile() file: UploadedPhoto | undefined,
  ): Promise<ProductImageUpload> {
    return this.images.add(id, file);
  }

  /** The product's photos in a new order: the first is the card's. */
  @Put(':id/images')
  @ApiResponse({ status: 400, description: "images is not each of the product's photos once" })
  @ApiResponse({ status: 404, description: 'No product has this id' })
  reorderImages(
    @Param() { id }: ProductIdParam,
    @Body() { images }: ProductImagesOrderDto,
  ): Promise<AdminProduct> {
    return this.images.reorder(id, images);
  }

  /** The photo at `index` (from 0) is removed, with its files. */
  @Delete(':id/images/:index')
  @ApiResponse({ status: 200, description: 'The product without that photo' })
  @ApiResponse({ status: 400, description: 'The product has no photo at that place' })
  @ApiResponse({ status: 404, description: 'No product has this id' })
  removeImage(@Param() { id, index }: ProductImageParam): Promise<AdminProduct> {
    return this.images.remove(id, index);
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
