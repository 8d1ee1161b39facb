import { Column } from 'typeorm';
import { bigintAsNumber } from './epoch-ms.js';

/** A byte count in a bigint column, read as a number (`bigintAsNumber`). */
export const ByteCountColumn = (options: { default?: number } = {}) =>
  Column({ type: 'bigint', ...options, transformer: bigintAsNumber });
