import path from 'node:path';

type Config = { devtool: unknown };
/** A front end's webpack.config.cjs; the storefront's builds two (its remote and the server's renderer). */
type WebpackConfig = (env: unknown, argv: { mode?: string }) => Config | Config[];

const frontEnds = ['shell', 'storefront', 'admin'];
const configOf = (name: string): WebpackConfig =>
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  require(path.resolve(__dirname, '..', '..', name, 'webpack.config.cjs'));

describe('production builds of the front ends', () => {
  it.each(frontEnds)('%s emits no source maps in production', (name) => {
    for (const argv of [{ mode: 'production' }, {}]) {
      const configs = [configOf(name)({}, argv)].flat();
      expect(configs.length).toBeGreaterThan(0);
      for (const config of configs) expect(config.devtool).toBe(false);
    }
  });

  it('keeps source maps for development', () => {
    expect((configOf('shell')({}, { mode: 'development' }) as Config).devtool).toBeTruthy();
  });
});
