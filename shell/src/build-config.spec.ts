import path from 'node:path';

type WebpackConfig = (env: unknown, argv: { mode?: string }) => { devtool: unknown };

const frontEnds = ['shell', 'storefront', 'admin'];
const configOf = (name: string): WebpackConfig =>
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  require(path.resolve(__dirname, '..', '..', name, 'webpack.config.cjs'));

describe('production builds of the front ends', () => {
  it.each(frontEnds)('%s emits no source maps in production', (name) => {
    expect(configOf(name)({}, { mode: 'production' }).devtool).toBe(false);
    expect(configOf(name)({}, {}).devtool).toBe(false);
  });

  it('keeps source maps for development', () => {
    expect(configOf('shell')({}, { mode: 'development' }).devtool).toBeTruthy();
  });
});
