const { createConfig } = require('../scripts/webpack.common.cjs');

module.exports = createConfig({ name: 'shell', dir: __dirname, port: 8080, html: true });
