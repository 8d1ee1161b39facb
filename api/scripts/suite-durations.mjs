// Writes test/durations.json, the seconds each API suite file took, from the log of an `npm test`
// run: each API part's `API part 2/6: test/x.e2e-spec.ts (12.3 s)` lines (test/utils/part-run.ts),
// or jest's `PASS test/x.e2e-spec.ts (12.3 s)` of a run by file (a file it prints no time for took
// under its 5 s mark: 1 s). The API parts' cut (test/utils/suite-files.cjs) reads it.
//   node api/scripts/suite-durations.mjs ci.log
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const log = process.argv[2];
if (!log) {
  console.error('Usage: node api/scripts/suite-durations.mjs <log of npm test>');
  process.exit(1);
}
const api = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
const durations = {};
// eslint-disable-next-line no-control-regex
const text = readFileSync(log, 'utf8').replace(/\x1b\[[0-9;]*m/g, '');
for (const [, file, seconds] of text.matchAll(
  /^(?:PASS|FAIL|API part \d+\/\d+:) +((?:src|test)\/\S+\.(?:e2e-)?spec\.ts)(?: \(([\d.]+) s\))?/gm,
))
  // The front ends' suites print the same lines: only the API's files count.
  if (existsSync(path.join(api, file)))
    durations[file] = seconds ? Math.max(1, Math.round(Number(seconds))) : 1;
const sorted = Object.fromEntries(Object.entries(durations).sort(([a], [b]) => (a < b ? -1 : 1)));
const out = path.join(api, 'test', 'durations.json');
writeFileSync(out, `${JSON.stringify(sorted, null, 2)}\n`);
console.log(
  `${Object.keys(sorted).length} files, ${Object.values(sorted).reduce((a, b) => a + b, 0)} s in all: ${out}`,
);
