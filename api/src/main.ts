import 'reflect-metadata';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { InvalidEnvironmentError, loadConfig, type AppConfig } from './config/env.js';
import { readSettings } from './config/settings.js';

/**
 * Beyond the grace for requests in flight, the time the rest of a stop may take (the outbox's
 * email being sent, the database closing) before the process ends anyway. Container stops wait
 * longer (stop_grace_period in docker/compose.yml), so a SIGKILL never cuts a stop short.
 */
const CLOSE_MS = 15_000;

/** The project folder: api/dist/main.js lives two levels below it. */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

async function main() {
  let config: AppConfig;
  try {
    config = loadConfig(readSettings(root), root);
  } catch (error) {
    if (error instanceof InvalidEnvironmentError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
  // The app's modules load once the settings hold: settings that cannot work stop the start at
  // once, without the seconds (on a busy machine, tens of seconds) that loading them takes.
  const [
    { createApp },
    { SqliteInUseError },
    { SHUTDOWN_GRACE_MS, stopGracefully, trackTraffic },
    { AuthService },
    { AppLogger },
  ] = await Promise.all([
    import('./app.factory.js'),
    import('./database/sqlite-guard.js'),
    import('./shutdown.js'),
    import('./modules/auth/index.js'),
    import('./common/logger.js'),
  ]);
  let app: Awaited<ReturnType<typeof createApp>>;
  try {
    app = await createApp(config);
  } catch (error) {
    if (error instanceof SqliteInUseError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
  const traffic = trackTraffic(app.getHttpServer());
  await app.listen(config.port);
  let closing = false;
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.once(signal, () => {
      if (closing) return;
      closing = true;
      process.stdout.write(`${signal} received: finishing requests in flight, then stopping\n`);
      const forced = setTimeout(() => process.exit(1), SHUTDOWN_GRACE_MS + CLOSE_MS);
      forced.unref();
      stopGracefully(app, traffic).then(
        ({ unfinished }) => {
          if (unfinished)
            process.stderr.write(`${unfinished} requests were still running after the grace.\n`);
          process.exit(0);
        },
        (error: unknown) => {
          process.stderr.write(`Shutdown failed: ${String(error)}\n`);
          process.exit(1);
        },
      );
    });
  }
  const url = await app.getUrl();
  // The log lines of the start (written asynchronously) first, then a first start's password
  // and the address last, so they are still on screen when the start is done.
  await app.get(AppLogger).flush();
  const notice = app.get(AuthService).takeFirstStartNotice();
  if (notice) process.stderr.write(notice);
  // The line that says the site listens: the scripts that start it wait for it
  // (scripts/site.mjs, api/scripts/wait-listening.ts), so its first words stay as they are.
  process.stdout.write(
    `Site running at ${config.publicUrl} (listening on ${url.replace('[::1]', 'localhost')})\n`,
  );
}

main().catch((error: unknown) => {
  process.stderr.write(
    `Start-up failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exit(1);
});
