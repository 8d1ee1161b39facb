const { readFileSync } = require('node:fs');
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

module.exports = { API, cut, longestFirst, secondsOf };
