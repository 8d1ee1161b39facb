const { createConfig, createServerRendererConfig } = require('../scripts/webpack.common.cjs');

const browser = createConfig({
  name: 'storefront',
  dir: __dirname,
  port: 3001,
  exposes: { './App': './src/app/App.tsx' },
});

// The API renders the first paint with the current content from this (docs/storefront.md).
const serverRenderer = createServerRendererConfig({
  name: 'storefront',
  dir: __dirname,
  entry: './src/app/firstPaintServer.tsx',
  filename: 'first-paint',
});

// The development server serves the browser's build alone.
module.exports = (env, argv) =>
  argv.mode === 'development'
    ? browser(env, argv)
    : [browser(env, argv), serverRenderer(env, argv)];
