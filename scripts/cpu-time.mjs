// Runs a command with the same standard streams and writes, to file descriptor 3, the CPU seconds
// (user and system) that it and every process it waited for used: `scripts/ci.mjs` runs each of
// its commands through this to print a stage's CPU beside its time. Linux only (/proc).
import { spawn } from 'node:child_process';
import fs from 'node:fs';

const TICKS_PER_SECOND = 100;

/** CPU seconds of this process's waited-for children (cutime and cstime). */
function childrenCpuSeconds() {
  const fields = fs.readFileSync('/proc/self/stat', 'utf8').split(') ')[1].split(' ');
  return (Number(fields[13]) + Number(fields[14])) / TICKS_PER_SECOND;
}

const [command, ...args] = process.argv.slice(2);
const child = spawn(command, args, { stdio: ['inherit', 'inherit', 'inherit'] });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('error', (error) => {
  console.error(error.message);
  process.exit(1);
});
child.on('close', (code, signal) => {
  fs.writeSync(3, `${childrenCpuSeconds()}\n`);
  process.exit(signal ? 1 : code);
});
