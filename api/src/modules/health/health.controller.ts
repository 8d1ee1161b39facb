import { Controller, Get, HttpCode, Inject, ServiceUnavailableException } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { HealthResponse } from '@artist/contracts';
import { APP_CONFIG } from '../../config/config.module.js';
import type { AppConfig } from '../../config/env.js';
import { InstanceState } from '../cluster/index.js';

@Controller()
export class HealthController {
  constructor(
    private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly instance: InstanceState,
  ) {}

  /** Liveness: answers 503 when the database does not answer. */
  @Get('health')
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

  /**
   * Readiness, which the proxy routes by: 200 only when the database answers and every migration
   * has been applied; 503 otherwise, and from the moment the instance starts stopping.
   */
  @Get('ready')
  @HttpCode(200)
  async ready(): Promise<{ status: 'ready' }> {
    if (this.instance.stopping) throw new ServiceUnavailableException('This instance is stopping.');
    let pending: boolean;
    try {
      pending = await this.dataSource.showMigrations();
    } catch {
      throw new ServiceUnavailableException('The database is not answering.');
    }
    if (pending) throw new ServiceUnavailableException('The database migrations are not finished.');
    return { status: 'ready' };
  }
}
