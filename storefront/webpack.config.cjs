const { createConfig } = require('../scripts/webpack.common.cjs');

module.exports = createConfig({
  name: 'storefront',
  dir: __dirname,
  port: 3001,
  exposes: { './App': './src/app/App.tsx' },
});
