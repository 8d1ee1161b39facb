// Runs one of the API's trials (api/scripts/trial-*.ts) as the test suite does: on SQLite and, when
// MYSQL_URL is set (CI), on MySQL at the same time. Most of a trial's time is spent waiting (on
// retries, on a restarted server), so the two databases' runs overlap rather than queue. Each
// line of output names its database. The trial build (api/dist/trial) is compiled first unless
// TRIAL_BUILT is set, as `npm test` does once for every trial.
import { spawn, spawnSync } from 'node:child_process';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

const API = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'api');

/** Runs `api/dist/trial/scripts/<script>.js` with `args` per database; exits 1 if any run fails. */
export async function runTrial(script, args) {
  if (!process.env.TRIAL_BUILT) {
    const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
    const build = spawnSync(npm, ['run', '--silent', 'build:trial'], {
      cwd: API,
      stdio: 'inherit',
    });
    if (build.status !== 0) process.exit(build.status ?? 1);
  }
  const runs = [{ name: 'sqlite', args }];
  if (process.env.MYSQL_URL) {
    runs.push({ name: 'mysql', args: [...args, '--mysql', process.env.MYSQL_URL] });
  }
  const codes = await Promise.all(runs.map((run) => start(script, run)));
  if (codes.some((code) => code !== 0)) process.exit(1);
}

function start(script, { name, args }) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [`dist/trial/scripts/${script}.js`, ...args], {
      cwd: API,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    for (const [stream, out] of [
      [child.stdout, process.stdout],
      [child.stderr, process.stderr],
    ]) {
      createInterface({ input: stream }).on('line', (line) => out.write(`[${name}] ${line}\n`));
    }
    child.on('error', () => resolve(1));
    child.on('exit', (code, signal) => {
      if (code !== 0) process.stderr.write(`[${name}] ${script} exited ${signal ?? code}\n`);
      resolve(signal ? 1 : code);
    });
  });
}
