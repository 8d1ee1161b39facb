import { Column, CreateDateColumn, UpdateDateColumn } from 'typeorm';

// A `datetime`, not a `timestamp`: one definition serves MySQL/MariaDB and SQLite alike.

/** A moment in a `datetime` column, `nullable` where it may be unset. */
export const DateTimeColumn = (options: { nullable?: boolean } = {}) =>
  Column({ type: 'datetime', ...options });

/** When a row was inserted, set by TypeORM. */
export const CreatedAtColumn = () => CreateDateColumn({ type: 'datetime' });

/** When a row was last saved, set by TypeORM on every save. */
export const UpdatedAtColumn = () => UpdateDateColumn({ type: 'datetime' });
