import type { Readable } from 'node:stream';
import { StreamableFile } from '@nestjs/common';
import { stringify } from 'csv-stringify/sync';

type Cell = string | number | null | undefined;

export interface CsvColumn<T> {
  header: string;
  value: (row: T) => Cell;
}

/** The fields of `T` that go into a CSV cell as they are. */
type CellField<T> = { [K in keyof T]: T[K] extends Cell ? K : never }[keyof T] & string;

/** Columns that are the row's own fields, as they are, each headed by the field's name. */
export const csvColumns = <T>(...fields: CellField<T>[]): CsvColumn<T>[] =>
  fields.map((field) => ({ header: field, value: (row) => row[field] as Cell }));

/** Characters that make a spreadsheet read a cell as a formula (or hide what follows). */
const FORMULA_START = /^[=+\-@\t\r]/;

/** Prefixes a cell that a spreadsheet would run as a formula with `'`, so it stays text. */
export function neutraliseCell(value: Cell): string {
  if (value === null || value === undefined) return '';
  const text = String(value);
  return FORMULA_START.test(text) ? `'${text}` : text;
}

/**
 * RFC 4180 CSV (CRLF line ends, quotes doubled). With `header`, the header row comes first,
 * led by a UTF-8 byte order mark so spreadsheet programs read accents and emoji as UTF-8; an
 * export streams the header chunk and then its rows in chunks without one.
 */
export function csvChunk<T>(
  columns: CsvColumn<T>[],
  rows: T[],
  { header }: { header: boolean },
): string {
  return stringify(
    rows.map((row) => columns.map((column) => neutraliseCell(column.value(row)))),
    {
      header,
      columns: columns.map((column) => column.header),
      record_delimiter: 'windows',
      quoted_match: /[",\r\n]/,
      bom: header,
    },
  );
}

/** A whole CSV file: the header row, then the rows. */
export function toCsv<T>(columns: CsvColumn<T>[], rows: T[]): string {
  return csvChunk(columns, [], { header: true }) + csvChunk(columns, rows, { header: false });
}

/** `<name>-YYYY-MM-DD.csv` as a download, from the whole text or a stream of it. */
export function csvFile(name: string, date: string, csv: string | Readable): StreamableFile {
  const options = {
    type: 'text/csv; charset=utf-8',
    disposition: `attachment; filename="${name}-${date}.csv"`,
  };
  return typeof csv === 'string'
    ? new StreamableFile(Buffer.from(csv, 'utf8'), options)
    : new StreamableFile(csv, options);
}
