import { Body, Controller, Get, Param, Post, Put, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { ApiProperty } from '@nestjs/swagger';
import { IsString, Matches, MaxLength } from 'class-validator';
import {
  EXPORT_NAMES,
  PRODUCT_LIST_FILTERS,
  PRODUCT_SORTS,
  type AdminProduct,
  type ListPage,
  type ProductListFilter,
} from '@artist/contracts';
import { Clock } from '../../common/clock.js';
import { csvFile, type CsvColumn } from '../../common/csv.js';
import { listPage, streamCsv } from '../../common/list.js';
import { ListQueryDto } from '../../common/list-query.js';
import { AdminOnly } from '../auth/admin.guard.js';
import { ProductInputDto, StockInputDto } from './dto/product-input.dto.js';
import { InventoryService } from './inventory.service.js';

class ProductListQueryDto extends ListQueryDto(PRODUCT_LIST_FILTERS, PRODUCT_SORTS) {}

class ProductIdParam {
  @ApiProperty({ example: 'tshirt' })
  @IsString()
  @MaxLength(60, { message: 'Product not found.' })
  @Matches(/^[a-z0-9-]+$/, { message: 'Product not found.' })
  id: string;
}

const stockText = (p: AdminProduct) =>
  p.variants
    .map((v) => `${v.size ?? 'One size'}: ${v.stock === null ? 'not tracked' : `${v.left} left`}`)
    .join('; ');

const columns: CsvColumn<AdminProduct>[] = [
  { header: 'id', value: (p) => p.id },
  { header: 'name', value: (p) => p.name },
  { header: 'price', value: (p) => (p.priceInCents / 100).toFixed(2) },
  { header: 'sizes', value: (p) => p.variants.map((v) => v.size ?? 'One size').join(' ') },
  { header: 'stock', value: stockText },
  { header: 'reserved', value: (p) => p.variants.reduce((n, v) => n + v.reserved, 0) },
  { header: 'available', value: (p) => (p.available ? 'yes' : 'no') },
  { header: 'image', value: (p) => p.image },
];

/** The Products tab: the catalogue and its stock, per size. */
@ApiTags('admin: products')
@AdminOnly()
@Controller('admin/products')
export class ProductsController {
  constructor(
    private readonly inventory: InventoryService,
    private readonly clock: Clock,
  ) {}

  @Get()
  list(@Query() query: ProductListQueryDto): Promise<ListPage<AdminProduct, ProductListFilter>> {
    return listPage(this.inventory.listDefinition(), query);
  }

  @Get('export')
  export(@Query() query: ProductListQueryDto) {
    const rows = streamCsv(this.inventory.listDefinition(), query, columns);
    return csvFile(EXPORT_NAMES.products, this.clock.today(), rows);
  }

  @Post()
  create(@Body() body: ProductInputDto): Promise<AdminProduct> {
    return this.inventory.create(body);
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
}
