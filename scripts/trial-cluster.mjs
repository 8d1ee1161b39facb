// The cluster trial as the test suite runs it (with MYSQL_URL, as CI sets it): three instances
// behind nginx, a few buyers and photos, 200 reads a second through the restarts.
// `npm run trial:cluster -- --buyers 200 --photos 5` runs it larger.
import { spawn, spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const API = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'api');

if (!process.env.MYSQL_URL) {
  console.log('cluster trial: MYSQL_URL is not set; it runs on MySQL/MariaDB only.');
  process.exit(0);
}
if (!process.env.TRIAL_BUILT) {
  const build = spawnSync('npm', ['run', '--silent', 'build:trial'], {
    cwd: API,
    stdio: 'inherit',
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
const child = spawn(
  process.execPath,
  [
    'dist/trial/scripts/trial-cluster.js',
    '--buyers',
    process.env.TRIAL_CLUSTER_BUYERS ?? '20',
    '--photos',
    '2',
    '--rate',
    '200',
    '--mysql',
    process.env.MYSQL_URL,
  ],
  { cwd: API, stdio: 'inherit' },
);
child.on('exit', (code, signal) => process.exit(signal ? 1 : (code ?? 1)));
