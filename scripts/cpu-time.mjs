// Runs a command with the same standard streams and writes, to file descriptor 3, the CPU seconds
// (user and system) that it and every process it waited for used: `scripts/ci.mjs` runs each of
// its commands through this to print a stage's CPU beside its time. Linux only (/proc).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { processCpu } from './proc-cpu.mjs';

const [command, ...args] = process.argv.slice(2);
const child = spawn(command, args, { stdio: ['inherit', 'inherit', 'inherit'] });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('error', (error) => {
  console.error(error.message);
  process.exit(1);
});
child.on('close', (code, signal) => {
  fs.writeSync(3, `${processCpu().children}\n`);
  process.exit(signal ? 1 : code);
});
