// The email trial as the test suite runs it: a small count with one SIGKILL on SQLite, and on
// MySQL too when MYSQL_URL is set (CI). `npm run trial:mail -- --n 500 --kills 3` runs it larger.
import { runTrial } from './trial-runs.mjs';

await runTrial('trial-mail', ['--n', process.env.TRIAL_MAIL_ORDERS ?? '40', '--kills', '1']);
