import { Column, type ValueTransformer } from 'typeorm';

/**
 * A bigint column's value as a number: the drivers hand bigints back as strings (MySQL) or
 * numbers (SQLite).
 */
export const bigintAsNumber: ValueTransformer = {
  to: (value: number | undefined) => value,
  from: (value: string | number | null) => (value === null ? null : Number(value)),
};

/**
 * A column of epoch milliseconds in a bigint, read as a number (`bigintAsNumber`), `nullable`
 * where it may be unset. Used where rows are compared against "now" in SQL, since a number
 * compares the same way on both databases.
 */
export const EpochMsColumn = (options: { nullable?: boolean } = {}) =>
  Column({ type: 'bigint', ...options, transformer: bigintAsNumber });
