// The slowest storefront test takes about 2 s on an idle machine (an antd image preview).
module.exports = require('../scripts/jest.web.cjs')(__dirname, { testTimeout: 30_000 });
