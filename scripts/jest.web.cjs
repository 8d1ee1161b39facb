// Shared jest set-up of the three front ends: jsdom, @swc/jest, and the browser APIs jsdom lacks.
const path = require('node:path');

/**
 * @param {string} dir the front end's folder
 * @param {{ testTimeout: number }} options what one test of this front end may take at most, on
 *   a busy 2-core machine (load average about 3.5), with room to spare
 */
module.exports = (dir, { testTimeout }) => ({
  rootDir: dir,
  testTimeout,
  testEnvironment: path.join(__dirname, 'jest.jsdom-env.cjs'),
  roots: ['<rootDir>/src'],
  testRegex: '\\.spec\\.tsx?$',
  setupFiles: [path.join(__dirname, 'jest.web.setup.cjs')],
  setupFilesAfterEnv: ['@testing-library/jest-dom', path.join(__dirname, 'jest.web.after-env.cjs')],
  transform: {
    '^.+\\.(t|j)sx?$': [
      '@swc/jest',
      {
        jsc: {
          parser: { syntax: 'typescript', tsx: true },
          transform: { react: { runtime: 'automatic' } },
          target: 'es2022',
        },
        module: { type: 'commonjs' },
      },
    ],
  },
  moduleNameMapper: {
    '^@artist/contracts$': path.join(__dirname, '../api/contracts/src/index.ts'),
    // Each antd component loads when a test first uses it (jest.antd.cjs).
    '^antd$': path.join(__dirname, 'jest.antd.cjs'),
    '\\.css$': path.join(__dirname, 'jest.style-stub.cjs'),
    '\\.(png|jpe?g|webp|avif|svg)$': path.join(__dirname, 'jest.file-stub.cjs'),
    '^(\\.{1,2}/.*)\\.js$': '$1',
  },
  globals: { __BUILD_ID__: 'test' },
});
