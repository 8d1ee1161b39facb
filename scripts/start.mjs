// `npm start`: builds the site when no build exists yet, then runs the server in this process.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outputs = [
  'api/dist/main.js',
  'shell/dist/index.html',
  'storefront/dist/remoteEntry.js',
  'admin/dist/remoteEntry.js',
];

// Settings may live in a .env file beside package.json (see .env.example): the server reads it
// itself (api/src/config/settings.ts), as the admin:reset-password command does.

if (outputs.some((file) => !existsSync(path.join(root, file)))) {
  console.log('No build found: building the site first (this takes a minute or two)…');
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const build = spawnSync(npm, ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

await import(pathToFileURL(path.join(root, 'api/dist/main.js')).href);

// `npm start` runs this script through `sh -c`, and sh does not pass the SIGTERM npm forwards to
// it on to its own child: stopping npm by its PID would end npm and sh and leave the server
// running under init. So, when started by npm, stop (gracefully, as on SIGTERM) once the parent
// is gone.
if (process.env.npm_lifecycle_event === 'start') {
  const parent = process.ppid;
  setInterval(() => {
    if (process.ppid !== parent) process.kill(process.pid, 'SIGTERM');
  }, 250).unref();
}
