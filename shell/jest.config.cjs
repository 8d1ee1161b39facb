// The shell's tests render no antd: well under a second each.
module.exports = require('../scripts/jest.web.cjs')(__dirname, { testTimeout: 15_000 });
