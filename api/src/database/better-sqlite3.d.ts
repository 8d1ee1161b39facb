/** The part of better-sqlite3 (the SQLite driver TypeORM loads itself) used directly. */
declare module 'better-sqlite3' {
  interface Database {
    exec(sql: string): Database;
    close(): Database;
    pragma(sql: string): unknown;
    prepare(sql: string): {
      pluck(): { iterate(...parameters: unknown[]): IterableIterator<unknown> };
    };
  }
  interface DatabaseConstructor {
    new (
      file: string,
      options?: { timeout?: number; readonly?: boolean; fileMustExist?: boolean },
    ): Database;
  }
  const Database: DatabaseConstructor;
  export default Database;
}
