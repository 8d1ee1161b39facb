/* eslint-disable @typescript-eslint/no-require-imports -- each suite file loads through jest's
   require inside its describe, so that its tests are collected there; the CommonJS helpers that
   jest's config shares load the same way. */
import path from 'node:path';

/**
 * One of CI's parts of the API's suites (`API_PART=k/n`, `jest -c jest.part.config.cjs`): the
 * part's suite files, cut by their times as `--shard` cuts them (`suite-files.cjs`), run in this
 * one jest file. Jest gives every file a module registry of its own, so the app's modules (Nest,
 * TypeORM, every feature module) loaded again for each suite file, about a quarter of a part's
 * CPU; here they load once for the part (docs/ci.md, "A part's files in one registry").
 *
 * Each suite file runs inside a `describe` named by its path, so its top-level hooks stay its
 * own. What a file leaves on the shared modules ends with it: its spies (a prototype's included)
 * are restored and real timers put back.
 */
const { API, cut, suiteFiles } = require('./suite-files.cjs') as {
  API: string;
  cut(files: string[], count: number): string[][];
  suiteFiles(config: unknown): string[];
};
const config: unknown = require('../../jest.config.cjs');

const [k, n] = (process.env.API_PART ?? '').split('/').map(Number);
if (!(Number.isInteger(k) && Number.isInteger(n) && k >= 1 && k <= n)) {
  throw new Error(`API_PART must name a part as k/n (2/6), not "${process.env.API_PART ?? ''}"`);
}

for (const file of cut(suiteFiles(config), n)[k - 1]) {
  describe(file, () => {
    let started = 0;
    beforeAll(() => {
      started = performance.now();
    });
    require(path.join(API, file));
    afterAll(() => {
      jest.restoreAllMocks();
      jest.useRealTimers();
      // Read by scripts/suite-durations.mjs, as jest's own `PASS file (N s)` lines were.
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      process.stderr.write(`API part ${k}/${n}: ${file} (${seconds} s)\n`);
    });
  });
}
