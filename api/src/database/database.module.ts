import { Global, Module } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { TableVersions } from './table-versions.js';
import { Transactions } from './transaction.js';

/**
 * What the app keeps about its database, one of each per data source and so per app: where its
 * transactions run, and the numbers that tell kept figures which tables changed.
 */
@Global()
@Module({
  providers: [
    { provide: Transactions, useFactory: Transactions.on, inject: [DataSource] },
    { provide: TableVersions, useFactory: TableVersions.on, inject: [DataSource] },
  ],
  exports: [Transactions, TableVersions],
})
export class DatabaseModule {}
