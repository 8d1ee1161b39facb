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
 * Cuts the suites into `--shard` parts of about the same time, where jest's own cut is by a hash
 * of each path and so by count (one run's parts took from 321 s to 1,152 s, in no order): the
 * longest file goes first, each to the part with the least time so far (docs/ci.md, "API parts
 * by their files' times"); every part's process computes the same cut from the same list.
 * Within a part, the longest files run first, as jest does when its cache knows their times.
 */
class BalancedSequencer extends Sequencer {
  shard(tests, { shardIndex, shardCount }) {
    const parts = Array.from({ length: shardCount }, () => ({ seconds: 0, tests: [] }));
    for (const { test, seconds } of this.timed(tests)) {
      const part = parts.reduce((least, p) => (p.seconds < least.seconds ? p : least));
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
