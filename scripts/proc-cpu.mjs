// CPU seconds of a process, read from /proc/<pid>/stat (Linux only): the user and system time it
// has used itself, and that of the child processes it has waited for.
import fs from 'node:fs';

const TICKS_PER_SECOND = 100;

/**
 * The process's command name and its CPU seconds, `own` and its waited-for `children`'s; throws
 * when the process has ended.
 * @param {number | 'self'} pid
 */
export function processCpu(pid = 'self') {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
  // After the command's name: utime, stime, cutime and cstime are fields 11 to 14.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const seconds = (index) => Number(fields[index]) / TICKS_PER_SECOND;
  return { name, own: seconds(11) + seconds(12), children: seconds(13) + seconds(14) };
}
