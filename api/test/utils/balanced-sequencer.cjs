const { readFileSync } = require('node:fs');
const path = require('node:path');
const Sequencer = require('@jest/test-sequencer').default;

/**
 * Seconds each suite file took in a CI run, both databases together (test/durations.json, read
 * from the run's log by scripts/suite-durations.mjs). A file not listed counts as the median.
 */
const durations = JSON.parse(readFileSync(path.join(__dirname, '..', 'durations.json'), 'utf8'));
const median = (() => {
  const sorted = Object.values(durations).sort((a, b) => a - b);
  return sorted.length ? sorted[Math.floor(sorted.length / 2)] : 1;
})();

/**
 * Each part's share of the time, against the part before it. `npm test` takes the parts from a
 * queue in order, two at the start and one more each time a lane frees up, so a part taken later
 * has less time left before the run's end: the parts shrink as they go, as a longest-first
 * schedule would have them (docs/ci.md, "API parts by their files' times").
 */
const SHARE = 0.75;

/**
 * Cuts the suites into `--shard` parts by their files' times, where jest's own cut is by a hash
 * of each path and so by count (CI's parts took from 321 s to 1,152 s, in no order). Part i is
 * given SHARE^(i-1) of the time: the longest file goes first, each to the part it fills least in
 * proportion to its share; every part's process computes the same cut from the same list. Within
 * a part, the longest files run first, as jest does when its cache knows their times.
 */
class BalancedSequencer extends Sequencer {
  shard(tests, { shardIndex, shardCount }) {
    const parts = Array.from({ length: shardCount }, (_, i) => ({
      share: SHARE ** i,
      seconds: 0,
      tests: [],
    }));
    const filled = (part, more = 0) => (part.seconds + more) / part.share;
    for (const { test, seconds } of this.timed(tests)) {
      const part = parts.reduce((best, p) =>
        filled(p, seconds) < filled(best, seconds) ? p : best,
      );
      part.seconds += seconds;
      part.tests.push(test);
    }
    return parts[shardIndex - 1].tests;
  }

  sort(tests) {
    return this.timed(tests).map(({ test }) => test);
  }

  /** The tests with their seconds, longest first (then by path, so every process agrees). */
  timed(tests) {
    return tests
      .map((test) => ({ test, seconds: this.seconds(test) }))
      .sort((a, b) => b.seconds - a.seconds || (a.test.path < b.test.path ? -1 : 1));
  }

  seconds(test) {
    const file = path.relative(test.context.config.rootDir, test.path).split(path.sep).join('/');
    return durations[file] ?? median;
  }
}

module.exports = BalancedSequencer;
