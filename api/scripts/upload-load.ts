/**
 * The pieces of an upload under load, shared by `npm run bench:upload` and the e2e suite
 * test/upload-load.e2e-spec.ts: the built API as a process of its own (so its memory is its own,
 * read from /proc), a photo as large as an upload may be, and `GET /api/shows` timed while
 * uploads run.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { GALLERY_MAX_UPLOAD_BYTES } from '@artist/contracts';
import type { AppConfig } from '../src/config/env.js';
import { freePort } from './free-port.js';
import { SERVER_NODE_FLAGS } from './server-flags.js';
import { databaseUrl } from './trial-database.js';
import { startListening, stopChild } from './wait-listening.js';

/**
 * glibc's malloc gives each thread that allocates an arena of its own and keeps what they free:
 * libvips's threads left the server 150 MB larger after ten uploads. Two arenas keep that near
 * 100 MB, and the server is always started with it.
 */
export const SERVER_MALLOC_ARENA_MAX = '2';

export const MB = 1024 * 1024;

/**
 * A 6000 × 4000 JPEG (24 megapixels, a camera's ordinary size) stored sideways with EXIF
 * orientation 6, as a phone writes it, so turning it upright needs the whole picture decoded.
 * Blurred noise at the highest JPEG quality that keeps it under the upload limit: 14–15 MB.
 */
export async function largePhoto(): Promise<Buffer> {
  const width = 6000;
  const height = 4000;
  const noise = randomBytes((width / 2) * (height / 2) * 3);
  const pixels = await sharp(noise, { raw: { width: width / 2, height: height / 2, channels: 3 } })
    .resize(width, height, { kernel: 'linear' })
    .raw()
    .toBuffer();
  for (let quality = 92; quality >= 70; quality -= 2) {
    const jpeg = await sharp(pixels, { raw: { width, height, channels: 3 } })
      .withMetadata({ orientation: 6 })
      .jpeg({ quality })
      .toBuffer();
    if (jpeg.length <= GALLERY_MAX_UPLOAD_BYTES) return jpeg;
  }
  throw new Error('No quality brought the photo under the upload limit');
}

export interface RunningApi {
  base: string;
  pid: number;
  /** The admin's session cookie, logged in. */
  cookie: string;
  stop(): Promise<void>;
}

/**
 * The production build (`mainJs`, api/dist/main.js) on `database`, with a temporary uploads
 * folder and an environment of its own (nothing inherited but PATH), logged in as the admin.
 */
export async function startBuiltApi(
  mainJs: string,
  database: AppConfig['database'],
): Promise<RunningApi> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const uploads = mkdtempSync(path.join(tmpdir(), 'artist-upload-load-'));
  const password = randomBytes(12).toString('hex');
  const env = {
    PATH: process.env.PATH ?? '',
    // As the container and `npm start` run it (docker/api.Dockerfile, package.json).
    MALLOC_ARENA_MAX: SERVER_MALLOC_ARENA_MAX,
    LOG_LEVEL: 'silent',
    PORT: String(port),
    PUBLIC_URL: base,
    ADMIN_PASSWORD: password,
    SESSION_SECRET: randomBytes(32).toString('hex'),
    UPLOADS_DIR: uploads,
    DATABASE_URL: databaseUrl(database),
  };
  let child: ChildProcess;
  try {
    child = await startListening(
      () =>
        spawn(process.execPath, [...SERVER_NODE_FLAGS, mainJs], {
          env,
          stdio: ['ignore', 'pipe', 'pipe'],
        }),
      { stdout: null, stderr: process.stderr },
    );
  } catch (error) {
    rmSync(uploads, { recursive: true, force: true });
    throw error;
  }
  const stop = async () => {
    await stopChild(child, 'SIGKILL');
    rmSync(uploads, { recursive: true, force: true });
  };
  try {
    const login = await fetch(`${base}/api/admin/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: base },
      body: JSON.stringify({ password }),
    });
    if (login.status !== 200) throw new Error(`login answered ${login.status}`);
    const cookie = login.headers.getSetCookie()[0]!.split(';')[0]!;
    return { base, pid: child.pid!, cookie, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** A process's resident memory now and at its highest so far (VmRSS and VmHWM), in bytes. */
export function memoryOf(pid: number): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)![1]);
  return { rss: kb('VmRSS') * 1024, peak: kb('VmHWM') * 1024 };
}

/** One gallery upload as the admin's browser sends it: status and milliseconds. */
export async function uploadPhoto(
  api: RunningApi,
  photo: Buffer,
): Promise<{ status: number; ms: number }> {
  const form = new FormData();
  form.append('alt', 'Wren on stage');
  form.append('photo', new Blob([photo], { type: 'image/jpeg' }), 'IMG_0001.jpg');
  const startedAt = performance.now();
  const res = await fetch(`${api.base}/api/admin/gallery`, {
    method: 'POST',
    headers: { Origin: api.base, Cookie: api.cookie },
    body: form,
  });
  await res.arrayBuffer();
  return { status: res.status, ms: performance.now() - startedAt };
}

/**
 * `GET /api/shows` one after another from a process of its own (so that sending a 15 MB upload,
 * and its garbage collection, does not hold the requests being timed), until `until` settles or
 * for `ms` milliseconds: each request's milliseconds.
 */
export async function showsLatencies(
  base: string,
  { ms, until }: { ms?: number; until?: Promise<unknown> },
): Promise<number[]> {
  const probe = spawn(process.execPath, ['--input-type=module', '-e', PROBE, base], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  let out = '';
  probe.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => probe.once('exit', resolve));
  await new Promise((resolve) => probe.stdout.once('data', resolve)); // started
  if (until) await until.catch(() => undefined);
  else await new Promise((resolve) => setTimeout(resolve, ms ?? 0));
  probe.stdin.end();
  if ((await exited) !== 0) throw new Error('The GET /api/shows probe failed');
  return JSON.parse(out.slice(out.indexOf('\n') + 1)) as number[];
}

/** The probe: prints a line once started, then the times as JSON once its input ends. */
const PROBE = `
const base = process.argv[1];
let stop = false;
process.stdin.on('data', () => {}).on('end', () => (stop = true));
process.stdout.write('started\\n');
const times = [];
while (!stop) {
  const startedAt = performance.now();
  const res = await fetch(base + '/api/shows');
  await res.arrayBuffer();
  if (res.status !== 200) throw new Error('GET /api/shows answered ' + res.status);
  times.push(performance.now() - startedAt);
}
process.stdout.write(JSON.stringify(times));
`;

/**
 * Runs `work` while reading the process's memory every 20 ms: the highest resident memory seen.
 * Past `guard` bytes the process is stopped (the work then fails), so a run against a server
 * that balloons cannot take the machine's memory from everything else on it.
 */
export async function watchMemory<T>(
  api: RunningApi,
  guard: number,
  work: () => Promise<T>,
): Promise<{ result: PromiseSettledResult<T>; peak: number; stopped: boolean }> {
  let peak = memoryOf(api.pid).rss;
  let done = false;
  let stopped = false;
  const watching = (async () => {
    while (!done) {
      try {
        peak = Math.max(peak, memoryOf(api.pid).peak);
      } catch {
        return; // the process has ended
      }
      if (peak > guard) {
        stopped = true;
        await api.stop();
        return;
      }
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  })();
  const [result] = await Promise.allSettled([work()]);
  done = true;
  await watching;
  return { result: result!, peak, stopped };
}

export const percentile = (values: number[], p: number): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length
    ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!
    : 0;
};
