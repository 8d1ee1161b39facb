import { execFileSync, spawn } from 'node:child_process';
import path from 'node:path';

export const projectRoot = path.resolve(__dirname, '..', '..', '..');
const apiDir = path.join(projectRoot, 'api');

/**
 * Compiles the API to api/dist as `npm run build` does, so commands run as shipped. `npm test`
 * builds it once before any suite starts and says so with `API_BUILT=1`: the suites then run
 * that build instead of each compiling it again (and, in the SQLite and MySQL jest processes
 * side by side, writing the same files at once).
 */
export function buildApi(): void {
  if (process.env.API_BUILT === '1') return;
  execFileSync(
    process.execPath,
    [
      path.join(path.dirname(require.resolve('@typescript/native/package.json')), 'bin', 'tsc'),
      '-p',
      'tsconfig.build.json',
    ],
    {
      cwd: apiDir,
      stdio: 'inherit',
    },
  );
}

/** The environment of a child process: this one's, minus any site setting it would inherit. */
export function cleanEnv(extra: Record<string, string>): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [name, value] of Object.entries(process.env)) {
    if (
      value === undefined ||
      /^(DATABASE_URL|ADMIN_PASSWORD|PUBLIC_URL|NODE_ENV|PORT|ENV_FILE|TRUST_PROXY|SESSION_SECRET|STRIPE_\w+|STORAGE_URL|UPLOADS_DIR|S3_\w+|MEDIA_PUBLIC_URL)$/.test(
        name,
      )
    )
      continue;
    env[name] = value;
  }
  return { ...env, ...extra };
}

/** Runs a Node script to its end: exit code and what it printed. */
export function runNode(
  script: string,
  env: Record<string, string>,
  input = '',
  args: string[] = [],
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [script, ...args], {
      cwd: projectRoot,
      env: cleanEnv(env),
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(input);
  });
}
