// The cluster trial as the test suite runs it: three instances behind Debian's nginx on MariaDB,
// small (20 buyers, 100 reads a second), so it fits beside the browser tests. It needs MySQL
// (MYSQL_URL) and nginx (/usr/sbin/nginx), which .ci/run installs; without them it says so and
// is skipped. `npm run trial:cluster -w @artist/api` runs it at full size (60 buyers, 200 reads a
// second).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const API = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'api');
const NGINX = '/usr/sbin/nginx';

if (!process.env.MYSQL_URL || !existsSync(NGINX)) {
  console.log(
    `cluster trial skipped: it needs MYSQL_URL and ${NGINX} (.ci/run installs MariaDB and nginx)`,
  );
  process.exit(0);
}
if (!process.env.TRIAL_BUILT) {
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const build = spawnSync(npm, ['run', '--silent', 'build:trial'], { cwd: API, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
const args = [
  'dist/trial/scripts/trial-cluster.js',
  '--buyers',
  process.env.TRIAL_CLUSTER_BUYERS ?? '20',
  '--rate',
  process.env.TRIAL_CLUSTER_RATE ?? '100',
  '--photos',
  '2',
  '--mysql',
  process.env.MYSQL_URL,
  '--nginx',
  NGINX,
];
const child = spawn(process.execPath, args, { cwd: API, stdio: 'inherit' });
child.on('exit', (code, signal) => process.exit(signal ? 1 : (code ?? 1)));
