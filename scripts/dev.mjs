// `npm run dev`: the API on :3000 restarting on change, and each front end on its own webpack
// dev server with live reload: shell :8080 (open this one), storefront :3001, admin :3002.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const env = {
  ...process.env,
  STOREFRONT_REMOTE_URL: 'http://localhost:3001/mf-manifest.json',
  ADMIN_REMOTE_URL: 'http://localhost:3002/mf-manifest.json',
  PUBLIC_URL: 'http://localhost:8080',
};
const run = (name, cwd, command, args) => {
  const child = spawn(command, args, { cwd: path.join(root, cwd), env, stdio: 'inherit' });
  child.on('exit', (code) => code && console.error(`${name} exited with code ${code}`));
  return child;
};

const children = [
  run('api compiler', 'api', process.execPath, [
    '../node_modules/@typescript/native/bin/tsc',
    '-p',
    'tsconfig.build.json',
    '--watch',
    '--preserveWatchOutput',
  ]),
  run('api', 'api', process.execPath, [
    '--heap-growing-percent=20',
    '--watch',
    '--watch-preserve-output',
    'dist/main.js',
  ]),
  run('shell', 'shell', 'npx', ['webpack', 'serve', '--mode', 'development']),
  run('storefront', 'storefront', 'npx', ['webpack', 'serve', '--mode', 'development']),
  run('admin', 'admin', 'npx', ['webpack', 'serve', '--mode', 'development']),
];

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    for (const child of children) if (child.exitCode === null) process.kill(child.pid, signal);
    process.exit(0);
  });
}
