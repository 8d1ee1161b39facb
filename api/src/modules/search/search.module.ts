import { Global, Injectable, Module, type OnApplicationBootstrap } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { ftsSearchIndex } from './fts-search-index.js';
import { GramSearchIndex } from './gram-search-index.js';
import { SearchIndex } from '../../lists/search-index.js';

/**
 * The admin lists' search index of the database the site runs on, chosen once at start-up: SQLite's
 * full-text index, or MySQL's and MariaDB's index of three-letter sequences.
 */
export async function searchIndexOf(dataSource: DataSource): Promise<SearchIndex> {
  if (dataSource.options.type !== 'better-sqlite3') return new GramSearchIndex(dataSource);
  return ftsSearchIndex(dataSource);
}

/**
 * Once every module has registered its indexed lists (`SearchIndex.keep`, when the module is
 * made), the database is made to follow their tables' writes.
 */
@Injectable()
export class SearchUpkeep implements OnApplicationBootstrap {
  constructor(private readonly index: SearchIndex) {}

  onApplicationBootstrap(): Promise<void> {
    return this.index.keepUp();
  }
}

/** Provides `SearchIndex` to every module (see `searchIndexOf`). */
@Global()
@Module({
  providers: [
    { provide: SearchIndex, useFactory: searchIndexOf, inject: [DataSource] },
    SearchUpkeep,
  ],
  exports: [SearchIndex],
})
export class SearchModule {}
