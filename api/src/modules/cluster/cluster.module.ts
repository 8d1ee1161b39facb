import { Global, Injectable, Module, type BeforeApplicationShutdown } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { sharedVersionsWritten } from '../../database/table-versions.js';
import { InstanceState } from './instance-state.js';
import { JobLeases } from './job-leases.service.js';

/** Before the database closes: other instances are told of this one's last writes. */
@Injectable()
export class SharedVersionsAtShutdown implements BeforeApplicationShutdown {
  constructor(private readonly dataSource: DataSource) {}

  async beforeApplicationShutdown(): Promise<void> {
    await sharedVersionsWritten(this.dataSource);
  }
}

/**
 * What lets several instances share one database: leases for work that runs once (`job_leases`)
 * and the table numbers that keep every instance's memory true (`table_versions`, written by
 * database/table-versions.ts).
 */
@Global()
@Module({
  providers: [JobLeases, SharedVersionsAtShutdown, InstanceState],
  exports: [JobLeases, InstanceState],
})
export class ClusterModule {}
