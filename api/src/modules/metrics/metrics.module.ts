import { Global, Module } from '@nestjs/common';
import { CatalogModule } from '../catalog/index.js';
import { Metrics } from './metrics.service.js';

/** `GET /metrics` and the counters other modules add to (webhook deliveries, campaigns). */
@Global()
@Module({
  imports: [CatalogModule],
  providers: [Metrics],
  exports: [Metrics],
})
export class MetricsModule {}
