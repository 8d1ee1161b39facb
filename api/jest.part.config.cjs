// CI's parts of the API's suites: `API_PART=k/n jest -c jest.part.config.cjs` runs the part's
// suite files in one jest file, test/utils/part-run.ts, so that their modules load once.
const base = require('./jest.config.cjs');

/** @type {import('jest').Config} */
module.exports = { ...base, testRegex: '/test/utils/part-run\\.ts$' };
