import { Controller, Get, Header } from '@nestjs/common';
import type { Product } from '@artist/contracts';
import { CatalogService } from './catalog.service.js';

@Controller('products')
export class CatalogController {
  constructor(private readonly catalog: CatalogService) {}

  /**
   * Short-lived cache: a price or stock change reaches visitors within 15 seconds; checkout
   * checks stock itself, so a stale page can never sell what is gone.
   */
  @Get()
  @Header('Cache-Control', 'public, max-age=15')
  list(): Promise<Product[]> {
    return this.catalog.list();
  }
}
