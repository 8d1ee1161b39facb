import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { BackupManifest } from '../../src/cli/site-backup.js';

/** A backup's rows, table by table, each row as sorted JSON, rows sorted. */
export function rowsOf(folder: string, manifest: BackupManifest): Record<string, string[]> {
  const tables: Record<string, string[]> = {};
  for (const table of manifest.tables) {
    tables[table.name] = readFileSync(path.join(folder, table.file), 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => {
        const row = JSON.parse(line) as Record<string, unknown>;
        return JSON.stringify(
          Object.fromEntries(Object.entries(row).sort(([a], [b]) => (a < b ? -1 : 1))),
        );
      })
      .sort();
  }
  return tables;
}
