const { createConfig } = require('../scripts/webpack.common.cjs');

module.exports = createConfig({
  name: 'admin',
  dir: __dirname,
  port: 3002,
  exposes: { './App': './src/app/App.tsx' },
});
