import { Column, type ValueTransformer } from 'typeorm';

/**
 * Epoch milliseconds in a bigint column. The drivers hand bigints back as strings (MySQL) or
 * numbers (SQLite); both become numbers. Used where rows are compared against "now" in SQL, since
 * a number compares the same way on both databases.
 */
export const epochMs: ValueTransformer = {
  to: (value: number | undefined) => value,
  from: (value: string | number | null) => (value === null ? null : Number(value)),
};

/** A column of epoch milliseconds (see `epochMs`), `nullable` where it may be unset. */
export const EpochMsColumn = (options: { nullable?: boolean } = {}) =>
  Column({ type: 'bigint', ...options, transformer: epochMs });
