import { Controller, Get, Inject, ServiceUnavailableException } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { HealthResponse } from '@artist/contracts';
import { APP_CONFIG } from '../../config/config.module.js';
import type { AppConfig } from '../../config/env.js';

@Controller('health')
export class HealthController {
  constructor(
    private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Liveness and readiness in one: answers 503 when the database does not answer. */
  @Get()
  async check(): Promise<HealthResponse> {
    const type = this.config.database.type;
    try {
      await this.dataSource.query('SELECT 1');
      return { status: 'ok', database: { type, status: 'up' } };
    } catch {
      throw new ServiceUnavailableException({
        message: 'The database is not answering.',
        status: 'error',
        database: { type, status: 'down' },
      });
    }
  }
}
