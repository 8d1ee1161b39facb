// The webhook trial as the test suite runs it: a small n on SQLite, and on MySQL too when
// MYSQL_URL is set (CI). `npm run trial:webhooks -- --n 10000` runs the full trial by hand.
import { spawnSync } from 'node:child_process';

const n = process.env.TRIAL_SESSIONS ?? '300';
const runs = [['--n', n]];
if (process.env.MYSQL_URL) runs.push(['--n', n, '--mysql', process.env.MYSQL_URL]);

for (const args of runs) {
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const run = spawnSync(
    npm,
    ['run', '--silent', 'trial:webhooks', '-w', '@artist/api', '--', ...args],
    {
      stdio: 'inherit',
    },
  );
  if (run.status !== 0) process.exit(run.status ?? 1);
}
