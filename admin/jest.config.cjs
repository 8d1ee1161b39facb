// antd tables in jsdom: a table test with several actions takes up to ~15 s on a busy machine.
const base = require('../scripts/jest.web.cjs')(__dirname, { testTimeout: 120_000 });

module.exports = {
  ...base,
  setupFiles: [...base.setupFiles, '<rootDir>/jest.setup.cjs'],
};
