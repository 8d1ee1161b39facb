// A jest reporter that prints each test file's wall time and CPU time when the run ends, the
// slowest first: `npx jest --runInBand --reporters=default
// --reporters=./test/utils/file-cost-reporter.mjs`. CPU is this process's user and system time
// plus that of the child processes it has waited for (commands, built servers), read from
// /proc/self/stat, so it needs Linux and the files run in this process (`--runInBand`: with
// `--maxWorkers=1` and the config's `workerIdleMemoryLimit`, they run in a worker). A database server's own CPU is not in it. See docs/ci.md, "Per-file cost".
import path from 'node:path';
import { processCpu } from '../../../scripts/proc-cpu.mjs';

/** CPU seconds of this process and of its waited-for children. */
function cpuSeconds() {
  const { own, children } = processCpu();
  return own + children;
}

export default class FileCostReporter {
  constructor() {
    this.started = new Map();
    this.files = [];
  }

  onTestFileStart(test) {
    this.started.set(test.path, { at: Date.now(), cpu: cpuSeconds() });
  }

  onTestFileResult(test) {
    const start = this.started.get(test.path);
    if (!start) return;
    this.files.push({
      file: path.relative(process.cwd(), test.path),
      wall: (Date.now() - start.at) / 1000,
      cpu: cpuSeconds() - start.cpu,
    });
  }

  onRunComplete() {
    const lines = [...this.files]
      .sort((a, b) => b.wall - a.wall)
      .map(
        (f) => `${f.wall.toFixed(1).padStart(7)} s ${f.cpu.toFixed(1).padStart(7)} s  ${f.file}`,
      );
    const wall = this.files.reduce((sum, f) => sum + f.wall, 0);
    const cpu = this.files.reduce((sum, f) => sum + f.cpu, 0);
    process.stderr.write(
      [
        '',
        '   wall      CPU    file',
        ...lines,
        `${wall.toFixed(0).padStart(7)} s ${cpu.toFixed(0).padStart(7)} s  in all`,
        '',
      ].join('\n'),
    );
  }
}
