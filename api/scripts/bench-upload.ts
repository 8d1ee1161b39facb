/**
 * A gallery upload under load, on the production build (api/dist/main.js) run as its own process:
 * `GET /api/shows` latency (p50, p99, max) during one 15 MB upload and alone for as long just
 * after, that upload's time, then 10 such uploads at once with the process's peak resident memory
 * (from /proc). Exits 1 when the upload delays `/api/shows` (its 99th percentile) by more than
 * 100 ms or the process passes 400 MB.
 *
 *   npm run bench:upload [-- --mysql mysql://root@127.0.0.1:3306/test --at-once 10]
 */
import { parseArgs } from 'node:util';
import { mainJs } from './built-server.js';
import { trialDatabase } from './trial-database.js';
import {
  largePhoto,
  MB,
  memoryOf,
  percentile,
  showsLatencies,
  startBuiltApi,
  uploadPhoto,
  watchMemory,
} from './upload-load.js';

const { values: args } = parseArgs({
  options: {
    mysql: { type: 'string' },
    'at-once': { type: 'string', default: '10' },
  },
});
const AT_ONCE = Number(args['at-once']);
const MAX_DELAY_MS = 100;
const MAX_RSS = 400 * MB;
/** Far past the target: the server is stopped there rather than let it take the machine. */
const GUARD_RSS = 3000 * MB;

const ms = (n: number) => `${n.toFixed(1)} ms`;
const mb = (n: number) => `${(n / MB).toFixed(0)} MB`;

async function main() {
  const photo = await largePhoto();
  const database = await trialDatabase(args.mysql, 'artist-upload');
  const api = await startBuiltApi(mainJs, database.config);
  let failed = false;
  try {
    await run();
  } finally {
    await api.stop();
    await database.drop();
  }
  if (failed) process.exitCode = 1;

  async function run() {
    await showsLatencies(api.base, { ms: 1000 });
    const started = memoryOf(api.pid).rss;
    const one = watchMemory(api, GUARD_RSS, () => uploadPhoto(api, photo));
    const during = await showsLatencies(api.base, { until: one }).catch(() => []);
    const { result, peak: peakOne, stopped } = await one;
    // The baseline, taken just after for as long as the upload took: with as many requests, its
    // slowest is what the machine's other work alone costs.
    const baseline = stopped
      ? []
      : await showsLatencies(api.base, {
          ms: result.status === 'fulfilled' ? result.value.ms : 0,
        });
    const delay = percentile(during, 99) - percentile(baseline, 99);
    const upload =
      result.status === 'fulfilled'
        ? `${result.value.status} in ${ms(result.value.ms)}`
        : `failed${stopped ? `: the API passed ${mb(GUARD_RSS)} and was stopped` : ''}`;
    process.stdout.write(
      `database: ${database.config.type}; photo: ${(photo.length / MB).toFixed(2)} MB, 6000 × 4000 JPEG\n` +
        `GET /api/shows alone (after):    p50 ${ms(percentile(baseline, 50))}, p99 ${ms(percentile(baseline, 99))}, max ${ms(Math.max(...baseline))} (${baseline.length} requests)\n` +
        `GET /api/shows during 1 upload:  p50 ${ms(percentile(during, 50))}, p99 ${ms(percentile(during, 99))}, max ${ms(Math.max(...during))} (${during.length} requests); p99 delay ${ms(delay)}\n` +
        `upload: ${upload}; RSS ${mb(started)} before, peak ${mb(peakOne)}\n`,
    );
    if (result.status === 'rejected' || result.value.status !== 201 || delay > MAX_DELAY_MS)
      failed = true;
    if (stopped) return;

    const before = memoryOf(api.pid).rss;
    const many = await watchMemory(api, GUARD_RSS, () =>
      Promise.all(Array.from({ length: AT_ONCE }, () => uploadPhoto(api, photo))),
    );
    const answers =
      many.result.status === 'fulfilled'
        ? many.result.value.map((r) => r.status).join(' ')
        : `failed (${String(many.result.reason)})`;
    const slowest =
      many.result.status === 'fulfilled' ? Math.max(...many.result.value.map((r) => r.ms)) : NaN;
    process.stdout.write(
      `${AT_ONCE} uploads at once: ${answers}; last done in ${ms(slowest)}; ` +
        `RSS ${mb(before)} before, peak ${mb(many.peak)} (target < ${mb(MAX_RSS)})` +
        `${many.stopped ? `: stopped past ${mb(GUARD_RSS)}` : ''}\n`,
    );
    if (many.result.status === 'rejected' || many.peak >= MAX_RSS) failed = true;
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : error}\n`);
  process.exit(1);
});
