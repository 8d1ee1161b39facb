// What other modules may use of this one; they import nothing else of it.
export { CATALOG_ENTITIES, CatalogModule } from './catalog.module.js';
export {
  CatalogService,
  type CheckoutProduct,
  lineName,
  sizeOf,
  storedSize,
  type VariantCounts,
} from './catalog.service.js';
export { InventoryService, pendingKey } from './inventory.service.js';
export { ReleaseFilesService } from './release-files.js';
