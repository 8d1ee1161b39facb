const path = require('node:path');
const Sequencer = require('@jest/test-sequencer').default;
const { cut, longestFirst } = require('./suite-files.cjs');

/**
 * Cuts the suites into `--shard` parts of about the same time, by their files' times
 * (`suite-files.cjs`); within a part, the longest files run first, as jest does when its cache
 * knows their times. CI runs each part's files in one jest file instead (`part-run.ts`).
 */
class BalancedSequencer extends Sequencer {
  shard(tests, { shardIndex, shardCount }) {
    return cut(tests, shardCount, fileOf)[shardIndex - 1];
  }

  sort(tests) {
    return longestFirst(tests, fileOf).map(({ item }) => item);
  }
}

/** A test's path from its config's root, as test/durations.json names it. */
function fileOf(test) {
  return path.relative(test.context.config.rootDir, test.path).split(path.sep).join('/');
}

module.exports = BalancedSequencer;
