// Shared webpack set-up of the three front ends (shell host, storefront and admin remotes).
const fs = require('node:fs');
const path = require('node:path');
const { DefinePlugin, NormalModuleReplacementPlugin, optimize } = require('webpack');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const MiniCssExtractPlugin = require('mini-css-extract-plugin');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');
const MinimizerPlugin = require('minimizer-webpack-plugin');

const root = path.resolve(__dirname, '..');

/**
 * Copies a front end's `public/` folder (files served under fixed names, such as images) into
 * its build output as it is; a few lines here spare a dependency for a plain recursive copy.
 */
class CopyPublicFolderPlugin {
  constructor(from) {
    this.from = from;
  }

  apply(compiler) {
    compiler.hooks.afterEmit.tap('CopyPublicFolderPlugin', () => {
      if (fs.existsSync(this.from)) {
        fs.cpSync(this.from, compiler.options.output.path, { recursive: true });
      }
    });
  }
}

/**
 * Libraries that must exist once on the page; each front end declares the ones it uses.
 * React Router is shared as the fixed list of exports in shared-react-router.mjs (tree-shaken),
 * not as the whole package. Redux Toolkit and react-redux are not shared: each remote owns its
 * store, so nothing needs one copy on the page, and a shared module cannot be tree-shaken (the
 * whole of Redux Toolkit reached `/` for the few functions the storefront calls). Each remote
 * bundles the parts it imports (docs/architecture.md).
 */
function sharedSingletons(dependencies) {
  const names = ['react', 'react-dom', 'react-router-dom'];
  return Object.fromEntries(
    names
      .filter((name) => dependencies[name])
      .map((name) => {
        const config = { singleton: true, requiredVersion: dependencies[name] };
        if (name === 'react-router-dom') {
          config.import = path.join(__dirname, 'shared-react-router.mjs');
          config.version = require('react-router-dom/package.json').version;
        }
        return [name, config];
      }),
  );
}

/** How the front ends' sources are found: `.js` specifiers name `.ts`/`.tsx` files. */
function sourceResolution(production) {
  return {
    extensions: ['.tsx', '.ts', '.js'],
    extensionAlias: { '.js': ['.ts', '.tsx', '.js'] },
    alias: {
      '@artist/contracts$': path.join(root, 'api/contracts/src/index.ts'),
      // React Router's package exports point at its development build (extra checks and
      // warnings); production builds take the production build it ships beside it.
      ...(production
        ? {
            'react-router$': path.join(
              path.dirname(require.resolve('react-router/package.json')),
              'dist/production/index.mjs',
            ),
          }
        : {}),
    },
  };
}

/** TypeScript and JSX compiled by swc. */
function sourceRule(production) {
  return {
    test: /\.[jt]sx?$/,
    exclude: /node_modules/,
    use: {
      loader: 'swc-loader',
      options: {
        jsc: {
          parser: { syntax: 'typescript', tsx: true },
          transform: { react: { runtime: 'automatic', development: !production } },
          target: 'es2020',
        },
      },
    },
  };
}

/**
 * A module for Node that renders part of a front end to HTML on the server (the storefront's
 * first paint), bundled with everything it imports, into `dist-ssr/`: outside the folder served
 * to browsers, so none of it reaches them. Style sheets are left out.
 * @param {{ name: string, dir: string, entry: string, filename: string }} options
 */
function createServerRendererConfig({ name, dir, entry, filename }) {
  return (_env, argv) => {
    const production = argv.mode !== 'development';
    return {
      name: `${name}-server-renderer`,
      context: dir,
      target: 'node',
      entry: { [filename]: entry },
      devtool: false,
      output: {
        path: path.join(dir, 'dist-ssr'),
        filename: '[name].cjs',
        library: { type: 'commonjs2' },
        clean: true,
      },
      resolve: sourceResolution(production),
      module: { rules: [sourceRule(production)] },
      plugins: [
        new NormalModuleReplacementPlugin(/\.css$/, (resource) => {
          resource.request = 'data:text/javascript,';
        }),
        new DefinePlugin({ __BUILD_ID__: JSON.stringify(process.env.BUILD_ID || 'local') }),
        // The chunks the browser loads later (the store's, say) are never asked for by the server:
        // they stay inside the one file rather than beside it.
        new optimize.LimitChunkCountPlugin({ maxChunks: 1 }),
      ],
      // One file, loaded once by the server with require(): nothing gains from minifying it.
      optimization: { splitChunks: false, minimize: false },
      performance: { hints: false },
      stats: 'errors-warnings',
      cache: {
        type: 'filesystem',
        name: `${name}-server-renderer`,
        buildDependencies: { config: [__filename, path.join(dir, 'webpack.config.cjs')] },
      },
    };
  };
}

/**
 * @param {{ name: string, dir: string, port: number, exposes?: Record<string,string>, html?: boolean }} options
 */
function createConfig({ name, dir, port, exposes, html }) {
  const pkg = require(path.join(dir, 'package.json'));
  return (_env, argv) => {
    const production = argv.mode !== 'development';
    return {
      name,
      context: dir,
      // Remotes are consumed only through remoteEntry.js.
      entry: html ? './src/index.ts' : {},
      // Production serves no source maps: they would publish the sources as written.
      devtool: production ? false : 'eval-cheap-module-source-map',
      output: {
        path: path.join(dir, 'dist'),
        // Remotes find their chunks relative to wherever their remoteEntry.js is served from.
        publicPath: html ? '/' : 'auto',
        filename: production ? '[name].[contenthash:10].js' : '[name].js',
        chunkFilename: production ? '[name].[contenthash:10].js' : '[name].js',
        assetModuleFilename: 'static/[name].[contenthash:10][ext]',
        uniqueName: name,
        clean: true,
      },
      resolve: sourceResolution(production),
      module: {
        rules: [
          sourceRule(production),
          { test: /\.css$/, use: [MiniCssExtractPlugin.loader, 'css-loader'] },
          { test: /\.(png|jpe?g|webp|avif|svg|woff2?)$/, type: 'asset/resource' },
        ],
      },
      plugins: [
        new DefinePlugin({
          'process.env.NODE_ENV': JSON.stringify(production ? 'production' : 'development'),
          __BUILD_ID__: JSON.stringify(process.env.BUILD_ID || 'local'),
        }),
        new MiniCssExtractPlugin({
          filename: production ? '[name].[contenthash:10].css' : '[name].css',
          chunkFilename: production ? '[name].[contenthash:10].css' : '[name].css',
        }),
        new ModuleFederationPlugin({
          name,
          ...(exposes ? { filename: 'remoteEntry.js', exposes } : {}),
          manifest: exposes ? true : false,
          dts: false,
          shared: sharedSingletons(pkg.dependencies),
          // One Module Federation runtime on the page, the shell's (its main.js): the shell
          // hands it to the remotes (shell/src/federationRuntime.ts) and each remote's
          // remoteEntry.js is built without its own. A remote's runtime code only offers and
          // takes shared modules: it never loads another remote nor reads a manifest (the shell
          // does both), so that code is left out of it too (docs/architecture.md).
          ...(exposes
            ? {
                experiments: {
                  externalRuntime: true,
                  optimization: { disableRemote: true, disableSnapshot: true, target: 'web' },
                },
              }
            : {
                runtimePlugins: [path.join(dir, 'src/federationRuntime.ts')],
                experiments: { optimization: { target: 'web' } },
              }),
        }),
        new CopyPublicFolderPlugin(path.join(dir, 'public')),
        ...(html
          ? [
              // The page is plain HTML: handing it over as text spares the template's child
              // compilation, which would also build (and emit) the shared router module.
              new HtmlWebpackPlugin({
                templateContent: fs.readFileSync(path.join(dir, 'src/index.html'), 'utf8'),
                scriptLoading: 'defer',
              }),
            ]
          : []),
      ],
      // swc's minifier, through the plugin webpack minifies with: terser's two passes took more
      // CPU than the rest of a production build, for output within 1 % of terser's (docs/ci.md).
      optimization: {
        minimizer: [new MinimizerPlugin({ minify: MinimizerPlugin.swcMinify })],
      },
      performance: { hints: false },
      stats: production ? 'errors-warnings' : 'minimal',
      devServer: {
        port,
        historyApiFallback: !!html,
        headers: { 'Access-Control-Allow-Origin': '*' },
        // A front end's fixed-name files (the storefront's images) are served from its public/.
        static: fs.existsSync(path.join(dir, 'public')) ? path.join(dir, 'public') : false,
        // The dev shell asks the API for data and for the runtime manifest, and the storefront's
        // dev server for the images the page loads from root paths.
        proxy: html
          ? [
              { context: ['/api', '/remotes.json'], target: 'http://localhost:3000' },
              { context: ['/assets', '/gallery-optimized'], target: 'http://localhost:3001' },
            ]
          : [],
      },
      // The manifest plugin notes at every build that publicPath 'auto' resolves at runtime: that is intended.
      infrastructureLogging: { level: 'error' },
      ignoreWarnings: [/Failed to parse source map/],
      cache: {
        type: 'filesystem',
        buildDependencies: {
          config: [
            __filename,
            path.join(dir, 'webpack.config.cjs'),
            ...(html ? [path.join(dir, 'src/index.html')] : []),
          ],
        },
      },
      target: 'web',
    };
  };
}

module.exports = { createConfig, createServerRendererConfig };
