import path from 'node:path';
import { startBuiltApi, type RunningApi } from '../../scripts/upload-load.js';
import { START_LIMIT_MS } from '../../scripts/wait-listening.js';
import { projectRoot } from './built.js';
import type { TestDatabase } from './databases.js';

// Apart from built.ts, so that only the load suites load the load scripts (and sharp with them).

const mainJs = path.join(projectRoot, 'api/dist/main.js');

/**
 * The built server of a `describe` as a process of its own, on a fresh database of `db`: started
 * before its tests, stopped and the database dropped after them. The handle is filled in when the
 * suite starts, so the tests' closures may name it from the outset.
 */
export function builtApiOfSuite(db: TestDatabase): RunningApi {
  const api = {} as RunningApi;
  let drop: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    const created = await db.create();
    drop = created.drop;
    Object.assign(api, await startBuiltApi(mainJs, created.database));
  }, START_LIMIT_MS + 30_000);
  afterAll(async () => {
    await api.stop?.();
    await drop?.();
  });
  return api;
}
