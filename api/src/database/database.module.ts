import { Global, Module } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { PublicAnswers } from './public-answers.js';
import { TableVersions } from './table-versions.js';
import { Transactions } from './transaction.js';

/**
 * What the app keeps about its database, one of each per data source and so per app: where its
 * transactions run, the numbers that tell kept figures which tables changed, and the public
 * reads' answers kept by those numbers.
 */
@Global()
@Module({
  providers: [
    { provide: Transactions, useFactory: Transactions.on, inject: [DataSource] },
    { provide: TableVersions, useFactory: TableVersions.on, inject: [DataSource] },
    {
      provide: PublicAnswers,
      useFactory: (versions: TableVersions) => new PublicAnswers(versions),
      inject: [TableVersions],
    },
  ],
  exports: [Transactions, TableVersions, PublicAnswers],
})
export class DatabaseModule {}
