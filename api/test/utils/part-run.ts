/* eslint-disable @typescript-eslint/no-require-imports -- the CommonJS helpers that jest's config
   shares, loaded as jest loads them. */
/**
 * One of CI's parts of the API's suites (`API_PART=k/n`, `jest -c jest.part.config.cjs`): the
 * part's suite files, cut by their times as `--shard` cuts them (`suite-files.cjs`), run in this
 * one jest file, so that the app's modules (Nest, TypeORM, every feature module) load once for the
 * part rather than once per file (`scripts/jest.one-registry.cjs`; docs/ci.md, "Test files in one
 * registry"). Each file's time is printed as it ends, for test/durations.json.
 */
const { API, cut } = require('./suite-files.cjs') as {
  API: string;
  cut(files: string[], count: number): string[][];
};
const { describeEachFile, testFiles } = require('../../../scripts/jest.one-registry.cjs') as {
  describeEachFile(
    files: string[],
    rootDir: string,
    onEnd: (file: string, seconds: number) => void,
  ): void;
  testFiles(config: unknown, rootDir: string): string[];
};
const config: unknown = require('../../jest.config.cjs');

const [k, n] = (process.env.API_PART ?? '').split('/').map(Number);
if (!(Number.isInteger(k) && Number.isInteger(n) && k >= 1 && k <= n)) {
  throw new Error(`API_PART must name a part as k/n (2/6), not "${process.env.API_PART ?? ''}"`);
}

describeEachFile(cut(testFiles(config, API), n)[k - 1], API, (file, seconds) => {
  // Read by scripts/suite-durations.mjs, as jest's own `PASS file (N s)` lines are.
  process.stderr.write(`API part ${k}/${n}: ${file} (${seconds.toFixed(1)} s)\n`);
});
