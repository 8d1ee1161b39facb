// The email trial as the test suite runs it: a small count with one SIGKILL on SQLite, and on
// MySQL too when MYSQL_URL is set (CI). `npm run trial:mail -- --n 500 --kills 3` runs it larger.
import { spawnSync } from 'node:child_process';

const n = process.env.TRIAL_MAIL_ORDERS ?? '40';
const common = ['--n', n, '--kills', '1'];
const runs = [common];
if (process.env.MYSQL_URL) runs.push([...common, '--mysql', process.env.MYSQL_URL]);

for (const args of runs) {
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const run = spawnSync(
    npm,
    ['run', '--silent', 'trial:mail', '-w', '@artist/api', '--', ...args],
    {
      stdio: 'inherit',
    },
  );
  if (run.status !== 0) process.exit(run.status ?? 1);
}
