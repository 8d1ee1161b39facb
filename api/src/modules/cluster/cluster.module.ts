import { Global, Module } from '@nestjs/common';
import { InstanceState } from './instance-state.js';
import { JobLeases } from './job-leases.service.js';

/**
 * What lets several instances share one database: leases for work that runs once (`job_leases`)
 * and the table numbers that keep every instance's memory true (`table_versions`, written by
 * database/table-versions.ts, which waits for its last raises before the database closes).
 */
@Global()
@Module({
  providers: [JobLeases, InstanceState],
  exports: [JobLeases, InstanceState],
})
export class ClusterModule {}
