// antd tables in jsdom: the slowest table test takes about 8 s on an idle 2-core machine and
// three times that under load; on a machine running everything at half the speed, with more work
// beside it, it passed 60 s (docs/ci.md). The limit is for a hang.
const base = require('../scripts/jest.web.cjs')(__dirname, { testTimeout: 120_000 });

module.exports = {
  ...base,
  setupFiles: [...base.setupFiles, '<rootDir>/jest.setup.cjs'],
};
