import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createConnection } from 'mysql2/promise';
import type { AppConfig } from '../src/config/env.js';

export interface TrialDatabase {
  config: AppConfig['database'];
  uploadsDir: string;
  drop(): Promise<void>;
}

/** The `DATABASE_URL` a server started as a process of its own reads for `database`. */
export function databaseUrl(database: AppConfig['database']): string {
  return database.type === 'mysql' ? database.url : `sqlite:${database.file}`;
}

/**
 * A database of its own for a trial or bench: a fresh MySQL database on the server `mysqlUrl`
 * names (dropped afterwards), or a SQLite file in a temporary folder; and an uploads folder of
 * its own, since a site removes at start-up the gallery files its database does not name.
 */
export async function trialDatabase(
  mysqlUrl: string | undefined,
  prefix = 'artist-trial',
): Promise<TrialDatabase> {
  const dir = mkdtempSync(path.join(tmpdir(), `${prefix}-`));
  const uploadsDir = path.join(dir, 'uploads');
  if (mysqlUrl) {
    const name = `${prefix.replace(/-/g, '_')}_${randomBytes(4).toString('hex')}`;
    const admin = await createConnection(mysqlUrl);
    await admin.query(
      `CREATE DATABASE \`${name}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`,
    );
    await admin.end();
    const url = new URL(mysqlUrl);
    url.pathname = `/${name}`;
    return {
      config: { type: 'mysql', url: url.toString() },
      uploadsDir,
      drop: async () => {
        const conn = await createConnection(mysqlUrl);
        await conn.query(`DROP DATABASE IF EXISTS \`${name}\``);
        await conn.end();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  return {
    config: { type: 'sqlite', file: path.join(dir, 'trial.sqlite') },
    uploadsDir,
    drop: async () => rmSync(dir, { recursive: true, force: true }),
  };
}
