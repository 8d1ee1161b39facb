const { readdirSync, readFileSync } = require('node:fs');
const path = require('node:path');

const API = path.join(__dirname, '..', '..');

/**
 * Seconds each suite file took in a CI run, both databases together (test/durations.json, read
 * from the run's log by scripts/suite-durations.mjs). A file not listed counts as the median.
 */
const durations = JSON.parse(readFileSync(path.join(API, 'test', 'durations.json'), 'utf8'));
const median = (() => {
  const sorted = Object.values(durations).sort((a, b) => a - b);
  return sorted.length ? sorted[Math.floor(sorted.length / 2)] : 1;
})();

/** A suite file's seconds, by its path from the API's folder (`test/x.e2e-spec.ts`). */
function secondsOf(file) {
  return durations[file] ?? median;
}

/**
 * Cuts `items` into `count` parts of about the same time, where jest's own cut is by a hash of
 * each path and so by count (one run's parts took from 321 s to 1,152 s, in no order): the
 * longest first, each to the part with the least time so far (docs/ci.md, "API parts by their
 * files' times"). Every process computes the same cut from the same list. Within a part, the
 * longest run first.
 */
function cut(items, count, fileOf = (item) => item) {
  const parts = Array.from({ length: count }, () => ({ seconds: 0, items: [] }));
  for (const { item, seconds } of longestFirst(items, fileOf)) {
    const part = parts.reduce((least, p) => (p.seconds < least.seconds ? p : least));
    part.seconds += seconds;
    part.items.push(item);
  }
  return parts.map((part) => part.items);
}

/** The items with their seconds, longest first (then by path, so every process agrees). */
function longestFirst(items, fileOf = (item) => item) {
  return items
    .map((item) => ({ item, file: fileOf(item), seconds: secondsOf(fileOf(item)) }))
    .sort((a, b) => b.seconds - a.seconds || (a.file < b.file ? -1 : 1));
}

/**
 * The suite files jest finds under `config` (its roots, testRegex and testPathIgnorePatterns),
 * as paths from the API's folder.
 */
function suiteFiles(config) {
  const pattern = new RegExp(config.testRegex);
  const ignored = (config.testPathIgnorePatterns ?? []).map(
    (p) => new RegExp(p.replace('<rootDir>', API)),
  );
  const files = [];
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (pattern.test(full) && !ignored.some((p) => p.test(full))) files.push(full);
    }
  };
  for (const root of config.roots) walk(root.replace('<rootDir>', API));
  return files.map((file) => path.relative(API, file).split(path.sep).join('/'));
}

module.exports = { API, cut, longestFirst, secondsOf, suiteFiles };
