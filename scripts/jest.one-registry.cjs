/* global describe, beforeAll, afterAll, jest -- jest gives them to the test file that calls
   describeEachFile. */
// Runs many test files inside one jest file. Jest gives every test file a module registry of its
// own, so each file loads every module it imports again (React, antd and the app's features in a
// front end; Nest, TypeORM and every feature module in the API): in CI that loading was a fifth to
// a quarter of the suites' CPU. Run inside one jest file, they load once (docs/ci.md, "Test files
// in one registry"). CI does this; run by hand, jest still runs each file in its own registry.
const { readdirSync, readFileSync } = require('node:fs');
const path = require('node:path');

/**
 * The test files jest finds under `config` (its roots, testRegex and testPathIgnorePatterns, with
 * `<rootDir>` the folder given), as paths from that folder, in order.
 */
function testFiles(config, rootDir) {
  const patterns = [config.testRegex].flat().map((p) => new RegExp(p));
  const ignored = (config.testPathIgnorePatterns ?? []).map(
    (p) => new RegExp(p.replace('<rootDir>', rootDir)),
  );
  const files = [];
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== 'node_modules') walk(full);
      } else if (patterns.some((p) => p.test(full)) && !ignored.some((p) => p.test(full))) {
        files.push(full);
      }
    }
  };
  for (const root of config.roots ?? ['<rootDir>']) walk(root.replace('<rootDir>', rootDir));
  return files.map((file) => path.relative(rootDir, file).split(path.sep).join('/')).sort();
}

/**
 * Loads each file (a path from `rootDir`) inside a `describe` named by its path, so its top-level
 * hooks stay its own, and a failure names the file first. What a file leaves on the modules the
 * files now share ends with it: its spies (a prototype's among them) are restored and real timers
 * put back. No file may call `jest.mock`, which a shared registry cannot undo. `onEnd` hears each
 * file's seconds as it ends.
 */
function describeEachFile(files, rootDir, onEnd = () => {}) {
  for (const file of files) {
    if (
      /\bjest\.(mock|doMock|unstable_mockModule)\(/.test(
        readFileSync(path.join(rootDir, file), 'utf8'),
      )
    ) {
      throw new Error(
        `${file} replaces a module (jest.mock), which files sharing a registry cannot undo`,
      );
    }
    describe(file, () => {
      let started = 0;
      beforeAll(() => {
        started = performance.now();
      });
      require(path.join(rootDir, file));
      afterAll(() => {
        jest.restoreAllMocks();
        jest.useRealTimers();
        onEnd(file, (performance.now() - started) / 1000);
      });
    });
  }
}

module.exports = { describeEachFile, testFiles };
