// Every spec file of the front end that jest runs from (its folder), run in this one jest file
// (jest.web.together.cjs).
const path = require('node:path');
const { describeEachFile, testFiles } = require('./jest.one-registry.cjs');

const rootDir = process.cwd();
describeEachFile(testFiles(require(path.join(rootDir, 'jest.config.cjs')), rootDir), rootDir);
