// npm run release -- <storefront|admin> --url <site> [--promote] [--no-build]
// Builds one remote, packs its built folder as a .tar.gz and publishes it to the site with the
// remote's deploy token (DEPLOY_TOKEN); promotes it with --promote, else prints a preview link.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';
import { create } from 'tar';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const REMOTES = ['storefront', 'admin'];

function fail(message) {
  process.stderr.write(`${message}\n`);
  process.exit(1);
}

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    url: { type: 'string' },
    promote: { type: 'boolean', default: false },
    'no-build': { type: 'boolean', default: false },
  },
});
const [remote] = positionals;
if (!REMOTES.includes(remote) || positionals.length !== 1 || !values.url)
  fail('Usage: npm run release -- <storefront|admin> --url <site> [--promote] [--no-build]');
const token = process.env.DEPLOY_TOKEN;
if (!token)
  fail(
    `Set DEPLOY_TOKEN to ${remote}'s deploy token (the site's DEPLOY_TOKEN_${remote.toUpperCase()}).`,
  );
const site = values.url.replace(/\/+$/, '');

if (!values['no-build']) {
  const built = spawnSync('npx', ['nx', 'run', `@artist/${remote}:build`], {
    cwd: root,
    stdio: 'inherit',
  });
  if (built.status !== 0) fail(`Building ${remote} failed.`);
}

/** Every file under `dir`, relative and sorted: the same build packs to the same bytes. */
function filesOf(dir, prefix = '') {
  return readdirSync(path.join(dir, prefix), { withFileTypes: true })
    .flatMap((entry) => {
      const name = prefix ? `${prefix}/${entry.name}` : entry.name;
      return entry.isDirectory() ? filesOf(dir, name) : entry.isFile() ? [name] : [];
    })
    .sort();
}

const dist = path.join(root, remote, 'dist');
const archive = await buffer(
  // Fixed times and no owners: the version (the archive's hash) depends on the files alone.
  create({ gzip: true, cwd: dist, portable: true, mtime: new Date(0) }, filesOf(dist)),
);

async function call(method, pathname, body, headers = {}) {
  const response = await fetch(`${site}/api/deploy/${remote}${pathname}`, {
    method,
    headers: { Authorization: `Bearer ${token}`, ...headers },
    body,
  });
  const answer = await response.json().catch(() => ({}));
  if (!response.ok)
    fail(
      `${method} ${pathname} answered ${response.status}: ${answer.message ?? response.statusText}`,
    );
  return { status: response.status, answer };
}

const published = await call('POST', '/releases', archive, { 'Content-Type': 'application/gzip' });
const { version } = published.answer;
process.stdout.write(
  `${remote} ${version} ${published.status === 201 ? 'published' : 'was already published'} (${(archive.length / 1024).toFixed(0)} KiB)\n`,
);
if (values.promote) {
  const { answer } = await call('POST', '/live', JSON.stringify({ version }), {
    'Content-Type': 'application/json',
  });
  process.stdout.write(
    `${remote} ${answer.version} is live (it was ${answer.previous ?? 'none'})\n`,
  );
} else {
  const { answer } = await call('POST', `/releases/${version}/preview`);
  process.stdout.write(`Preview it in one browser for an hour: ${answer.url}\n`);
}
