// The webhook trial as the test suite runs it: a small n on SQLite, and on MySQL too when
// MYSQL_URL is set (CI). `npm run trial:webhooks -- --n 10000` runs the full trial by hand.
import { runTrial } from './trial-runs.mjs';

await runTrial('trial-webhooks', ['--n', process.env.TRIAL_SESSIONS ?? '300']);
