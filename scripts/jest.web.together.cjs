// A front end's spec files in one jest file (jest.web.all-specs.cjs), so that React, antd and the
// app's own modules load once for the suite rather than once per file (jest.one-registry.cjs):
// `npm test` runs the admin's suite so, from its folder (`jest -c ../scripts/jest.web.together.cjs`).
// The storefront's files meet what earlier files left in the one document (docs/ci.md, "Test
// files in one registry"). Everything else is the front end's own config.
const path = require('node:path');

const base = require(path.resolve('jest.config.cjs'));

/** @type {import('jest').Config} */
module.exports = { ...base, roots: [__dirname], testRegex: '/jest\\.web\\.all-specs\\.cjs$' };
