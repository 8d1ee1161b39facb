// The campaign trial as the test suite runs it: 300 subscribers with one SIGKILL on SQLite, and on
// MySQL too when MYSQL_URL is set (CI). `npm run trial:campaign -- --recipients 5000 --kills 3`
// runs it larger.
import { runTrial } from './trial-runs.mjs';

await runTrial('trial-campaign', [
  '--recipients',
  process.env.TRIAL_CAMPAIGN_RECIPIENTS ?? '300',
  '--kills',
  '1',
]);
