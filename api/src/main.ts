import './heap.js';
import 'reflect-metadata';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createApp } from './app.factory.js';
import { InvalidEnvironmentError, loadConfig, type AppConfig } from './config/env.js';
import { readSettings } from './config/settings.js';

/**
 * How long a stop waits for requests in flight: a Stripe call (up to 80 s by its client's
 * default, but in practice seconds) or a webhook being recorded. Container stops wait longer
 * (stop_grace_period in docker/compose.yml) so this deadline, not a SIGKILL, ends the process.
 */
const SHUTDOWN_GRACE_MS = 30_000;

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
  const app = await createApp(config);
  await app.listen(config.port);
  let closing = false;
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.once(signal, () => {
      if (closing) return;
      closing = true;
      process.stdout.write(`${signal} received: finishing requests in flight, then stopping\n`);
      // Stops accepting connections, waits for requests in flight, closes the database.
      const forced = setTimeout(() => process.exit(1), SHUTDOWN_GRACE_MS);
      forced.unref();
      app.close().then(
        () => process.exit(0),
        (error: unknown) => {
          process.stderr.write(`Shutdown failed: ${String(error)}\n`);
          process.exit(1);
        },
      );
    });
  }
  const url = await app.getUrl();
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
