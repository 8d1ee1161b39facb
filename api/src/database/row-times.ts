import { CreateDateColumn, UpdateDateColumn } from 'typeorm';

/**
 * When a row was inserted, set by TypeORM. A `datetime`, not a `timestamp`, so one definition
 * serves MySQL/MariaDB and SQLite alike.
 */
export const CreatedAtColumn = () => CreateDateColumn({ type: 'datetime' });

/** When a row was last saved, set by TypeORM on every save; a `datetime` as `CreatedAtColumn`. */
export const UpdatedAtColumn = () => UpdateDateColumn({ type: 'datetime' });
