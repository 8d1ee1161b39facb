import { StreamableFile } from '@nestjs/common';
import { stringify } from 'csv-stringify/sync';

export interface CsvColumn<T> {
  header: string;
  value: (row: T) => string | number | null | undefined;
}

/** Characters that make a spreadsheet read a cell as a formula (or hide what follows). */
const FORMULA_START = /^[=+\-@\t\r]/;

/** Prefixes a cell that a spreadsheet would run as a formula with `'`, so it stays text. */
export function neutraliseCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  const text = String(value);
  return FORMULA_START.test(text) ? `'${text}` : text;
}

/**
 * RFC 4180 CSV (CRLF line ends, quotes doubled) with a header row. A UTF-8 byte order mark
 * leads the file so spreadsheet programs read accents and emoji as UTF-8.
 */
export function toCsv<T>(columns: CsvColumn<T>[], rows: T[]): string {
  return stringify(
    rows.map((row) => columns.map((column) => neutraliseCell(column.value(row)))),
    {
      header: true,
      columns: columns.map((column) => column.header),
      record_delimiter: 'windows',
      quoted_match: /[",\r\n]/,
      bom: true,
    },
  );
}

/** `<name>-YYYY-MM-DD.csv` as a download. */
export function csvFile(name: string, date: string, csv: string): StreamableFile {
  return new StreamableFile(Buffer.from(csv, 'utf8'), {
    type: 'text/csv; charset=utf-8',
    disposition: `attachment; filename="${name}-${date}.csv"`,
  });
}
