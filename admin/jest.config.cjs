// antd tables in jsdom: the slowest table test takes about 8 s on an idle 2-core machine and
// three times that under load.
const base = require('../scripts/jest.web.cjs')(__dirname, { testTimeout: 60_000 });

module.exports = {
  ...base,
  setupFiles: [...base.setupFiles, '<rootDir>/jest.setup.cjs'],
};
