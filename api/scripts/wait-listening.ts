import type { ChildProcess } from 'node:child_process';

/**
 * How long a starting server may take to listen. A first start migrates a fresh database, which
 * took over 30 s on MySQL with the API suites' parts migrating theirs beside it: the limit is
 * there to catch a server that never starts, not a slow one.
 */
export const START_LIMIT_MS = 180_000;

/** The line the server prints once its port is bound (api/src/main.ts). */
const LISTENING = /^Site running at .* \(listening on .*\)$/m;

/** The starting server's port was taken by another process before it could bind it. */
class PortTakenError extends Error {}

/** Where a starting server's output goes: a stream, or nowhere. */
export interface ServerOutput {
  stdout: NodeJS.WritableStream | null;
  stderr: NodeJS.WritableStream | null;
}

/**
 * Waits until the server just started as `child` (stdout and stderr piped) says it listens,
 * passing its output on to `output`. Asking its port instead could take another process's answer
 * for the child's: a port found free can be taken before the child binds it (any suite's
 * supertest server on an ephemeral port answers `/api/health` too), and the child then exits.
 * Fails when the process exits first (`PortTakenError` when it could not bind its port), or after
 * `START_LIMIT_MS`.
 */
function waitListening(child: ChildProcess, output: ServerOutput): Promise<void> {
  return new Promise((resolve, reject) => {
    let printed = '';
    let listening = false;
    let errors = '';
    const limit = setTimeout(
      () => reject(new Error(`The API did not start in ${START_LIMIT_MS} ms`)),
      START_LIMIT_MS,
    );
    child.stdout!.on('data', (chunk: Buffer) => {
      output.stdout?.write(chunk);
      if (listening) return;
      printed += chunk.toString();
      if (!LISTENING.test(printed)) return;
      listening = true;
      clearTimeout(limit);
      resolve();
    });
    child.stderr!.on('data', (chunk: Buffer) => {
      output.stderr?.write(chunk);
      errors = (errors + chunk.toString()).slice(-4_000);
    });
    child.once('exit', (code, signal) => {
      clearTimeout(limit);
      const reason = `The API exited while starting (${signal ?? code})`;
      reject(/EADDRINUSE/.test(errors) ? new PortTakenError(reason) : new Error(reason));
    });
  });
}

/** Sends `child` `signal` unless it has ended already, and waits until it has exited. */
export async function stopChild(child: ChildProcess, signal: NodeJS.Signals): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill(signal);
  await exited;
}

/**
 * Starts a server with `spawn` and waits until it listens (`waitListening`); when its port was
 * taken meanwhile, starts it again, up to five times: whatever took the port (a request's
 * short-lived server) has usually let it go by then. A server that did not start is ended.
 */
export async function startListening(
  spawn: () => ChildProcess,
  output: ServerOutput,
): Promise<ChildProcess> {
  for (let attempt = 1; ; attempt++) {
    const child = spawn();
    try {
      await waitListening(child, output);
      return child;
    } catch (error) {
      // One that did not start in time is ended here: no one else holds it.
      await stopChild(child, 'SIGKILL');
      if (!(error instanceof PortTakenError) || attempt === 5) throw error;
      await new Promise((resolve) => setTimeout(resolve, 200 * attempt));
    }
  }
}
