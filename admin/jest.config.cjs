const base = require('../scripts/jest.web.cjs')(__dirname);

module.exports = {
  ...base,
  setupFiles: [...base.setupFiles, '<rootDir>/jest.setup.cjs'],
  setupFilesAfterEnv: [...base.setupFilesAfterEnv, '<rootDir>/jest.after-env.cjs'],
};
