const { readdirSync, readFileSync } = require('node:fs');
const path = require('node:path');

// A run on MySQL alone (TEST_DATABASE=mysql, by hand) leaves out the files that never open a
// database through testDatabases() or oneDatabase(), the unit specs beside the code among them:
// the SQLite run has them.
const sqliteOnly =
  process.env.TEST_DATABASE === 'mysql'
    ? [
        '<rootDir>/src/',
        ...readdirSync(path.join(__dirname, 'test'))
          .filter((file) => /\.(spec|e2e-spec)\.ts$/.test(file))
          .filter(
            (file) =>
              !/\b(testDatabases|oneDatabase)\(/.test(
                readFileSync(path.join(__dirname, 'test', file), 'utf8'),
              ),
          )
          .map((file) => `<rootDir>/test/${file}`),
      ]
    : [];

// Nest 12 ships as ES modules; jest runs CommonJS here, so @swc/jest compiles our sources and
// the @nestjs packages alike, and the `.js` suffixes of our ESM imports are mapped away.
/** @type {import('jest').Config} */
module.exports = {
  testEnvironment: 'node',
  roots: ['<rootDir>/src', '<rootDir>/test'],
  testRegex: '\\.(spec|e2e-spec)\\.ts$',
  testPathIgnorePatterns: ['/node_modules/', ...sqliteOnly],
  // The migrations run once per run into template databases that each suite's database copies.
  globalSetup: '<rootDir>/test/utils/global-setup.cjs',
  globalTeardown: '<rootDir>/test/utils/global-teardown.cjs',
  // CI's parts (`--shard`) of about the same time, by the files' times in test/durations.json.
  testSequencer: '<rootDir>/test/utils/balanced-sequencer.cjs',
  transform: {
    '^.+\\.(t|j)sx?$': [
      '@swc/jest',
      {
        jsc: {
          parser: { syntax: 'typescript', decorators: true },
          transform: { legacyDecorator: true, decoratorMetadata: true },
          target: 'es2022',
        },
        module: { type: 'commonjs' },
      },
    ],
  },
  // otplib's base32 and HMAC plugins (@otplib, @scure, @noble), marked and file-type (with the
  // tokenizers it reads through) ship as ES modules only.
  transformIgnorePatterns: [
    '/node_modules/(?!(@nestjs|@artist|@scure|@noble|@otplib|otplib|marked|file-type|strtok3|token-types|uint8array-extras|@tokenizer|@borewit)/)',
  ],
  moduleNameMapper: {
    // file-type's exports name only `import`: jest, running CommonJS, is pointed at its Node entry.
    '^file-type$': '<rootDir>/../node_modules/file-type/index.js',
    '^@artist/contracts$': '<rootDir>/contracts/src/index.ts',
    '^(\\.{1,2}/.*)\\.js$': '$1',
  },
  // A suite's server starts in its beforeAll in a few seconds. In two fresh-clone runs on an
  // otherwise idle machine, three SQLite suites' starts passed 30 s, and took under 5 s when run
  // again; in a run beside two busy loops (load average 20 on two cores) `sales`' beforeAll
  // passed 60 s (docs/ci.md). The limit catches a hang, not slowness: the benchmarks measure
  // speed.
  testTimeout: 120_000,
  // Each suite file leaves 100 MB or more of heap behind it (the app's modules, loaded afresh for
  // every file, and what they still hold). Run in jest's own process, one file after another, the
  // heap grew to 4 GB over a run, and the collector's work with it. With a limit, the files run in
  // a worker that jest replaces once a file leaves it holding more (docs/ci.md).
  workerIdleMemoryLimit: '1GB',
};
