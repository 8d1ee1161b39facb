import { Controller, Get, Header } from '@nestjs/common';
import type { Product } from '@artist/contracts';
import { CatalogService } from './catalog.service.js';

@Controller('products')
export class CatalogController {
  constructor(private readonly catalog: CatalogService) {}

  /** Short-lived cache: a price change reaches visitors within a minute. */
  @Get()
  @Header('Cache-Control', 'public, max-age=60')
  list(): readonly Product[] {
    return this.catalog.list();
  }
}
