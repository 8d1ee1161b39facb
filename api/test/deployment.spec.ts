import http from 'node:http';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { SERVER_NODE_FLAGS } from '../scripts/server-flags.js';
import { SERVER_MALLOC_ARENA_MAX } from '../scripts/upload-load.js';
import { loadConfig } from '../src/config/env.js';
import { Environment } from '../src/config/environment.js';
import { settingsOf } from '../src/config/setting.js';

/** The files `docker compose up` reads, checked as they are written (no Docker engine needed). */
const root = path.resolve(__dirname, '..', '..');
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');

interface Service {
  ports?: string[];
  environment?: Record<string, string>;
  stop_grace_period?: string;
  volumes?: string[];
}
const compose = parse(read('docker/compose.yml')) as { services: Record<string, Service> };

/** `${NAME:-default}` → default, `${NAME:?message}` → the value given, as compose does. */
function interpolate(value: string, given: Record<string, string>): string {
  return value.replace(/\$\{(\w+)(?::([-?])([^}]*))?\}/g, (_m, name: string, kind, rest) =>
    name in given ? given[name] : kind === '-' ? rest : '',
  );
}

const seconds = (duration: string | undefined) => {
  const match = /^(\d+)(s|m)$/.exec(duration ?? '');
  return match ? Number(match[1]) * (match[2] === 'm' ? 60 : 1) : 0;
};

/** Blocks of an nginx file: each `name args { body }` with its own directives. */
function blocks(conf: string): { head: string; body: string }[] {
  const text = conf.replace(/#.*$/gm, '');
  const found: { head: string; body: string }[] = [];
  const open: number[] = [];
  for (let i = 0; i < text.length; i++) {
    if (text[i] === '{') open.push(i);
    if (text[i] === '}') {
      const start = open.pop()!;
      const headStart =
        Math.max(
          text.lastIndexOf(';', start),
          text.lastIndexOf('}', start),
          text.lastIndexOf('{', start - 1),
        ) + 1;
      found.push({ head: text.slice(headStart, start).trim(), body: text.slice(start + 1, i) });
    }
  }
  return found;
}

/** The directives written directly in a block (not inside its nested blocks). */
const ownDirectives = (body: string) => {
  let depth = 0;
  let flat = '';
  for (const char of body) {
    if (char === '{') depth++;
    else if (char === '}') depth--;
    else if (depth === 0) flat += char;
  }
  return flat
    .split(';')
    .map((d) => d.trim().replace(/\s+/g, ' '))
    .filter(Boolean);
};

describe('docker compose', () => {
  it('publishes only the front door’s port', () => {
    const published = Object.entries(compose.services)
      .filter(([, service]) => service.ports?.length)
      .map(([name]) => name);
    expect(published).toEqual(['frontdoor']);
    expect(compose.services.frontdoor.ports).toHaveLength(1);
  });

  it('starts without Stripe keys: none is required, and the API’s settings are valid', () => {
    const env = compose.services.api.environment!;
    for (const [name, value] of Object.entries(env)) {
      if (name.startsWith('STRIPE_')) expect([name, value]).toEqual([name, `\${${name}:-}`]);
    }
    const given = { SESSION_SECRET: 'x'.repeat(64) };
    const settings = Object.fromEntries(
      Object.entries(env).map(([name, value]) => [name, interpolate(String(value), given)]),
    );
    const config = loadConfig(
      { ...settings, STRIPE_SECRET_KEY: 'sk_test_abc', STRIPE_WEBHOOK_SECRET: 'whsec_abc' },
      '/app',
    );
    expect(config.production).toBe(true);
    expect(config.trustProxy).toBe(1);
    expect(config.remotes).toEqual({
      storefront: '/remotes/storefront/mf-manifest.json',
      admin: '/remotes/admin/mf-manifest.json',
    });
  });

  it('passes every setting an operator may give on to the API, unset unless given', () => {
    /** Settings the image fixes itself, or that only tests and local runs use. */
    const fixedByTheImage: Record<string, string> = {
      PORT: 'the image listens on 3000, behind the front door',
      WEB_ROOT: 'the image holds the built front ends where the default finds them',
      UPLOADS_DIR: 'the uploads volume is mounted where the default puts them',
      PAYMENT_PROVIDER: 'the test payment provider is for runs without Stripe, not a deployment',
      STRIPE_API_URL: "Stripe's own API; another is for tests",
    };
    const env = compose.services.api.environment!;
    const missing = settingsOf(Environment)
      .map(({ name }) => name)
      .filter((name) => !(name in env) && !(name in fixedByTheImage));
    expect(missing).toEqual([]);
    for (const name of Object.keys(fixedByTheImage)) expect(env).not.toHaveProperty(name);
    const given = { SESSION_SECRET: 'x'.repeat(64), SMTP_URL: 'smtp://mail.example.com:587' };
    const settings = Object.fromEntries(
      Object.entries(env).map(([name, value]) => [name, interpolate(String(value), given)]),
    );
    const config = loadConfig(settings, '/app');
    expect(config.mail.smtpUrl).toBe('smtp://mail.example.com:587');
    // Unset, each takes the API's own default.
    const bare = loadConfig(
      { NODE_ENV: 'production', PUBLIC_URL: 'http://localhost:8080', TRUST_PROXY: '1', ...given },
      '/app',
    );
    expect([config.timeZone, config.logLevel]).toEqual([bare.timeZone, bare.logLevel]);
  });

  it('passes the S3 storage settings on to every instance, and keeps the volume without them', () => {
    const env = compose.services.api.environment!;
    const names = [
      'STORAGE_URL',
      'S3_ENDPOINT',
      'S3_REGION',
      'S3_ACCESS_KEY_ID',
      'S3_SECRET_ACCESS_KEY',
      'S3_FORCE_PATH_STYLE',
      'MEDIA_PUBLIC_URL',
    ];
    for (const name of names) expect([name, env[name]]).toEqual([name, `\${${name}:-}`]);
    const given = {
      SESSION_SECRET: 'x'.repeat(64),
      STORAGE_URL: 's3://artist-media/site',
      S3_ENDPOINT: 'https://account.r2.cloudflarestorage.com',
      S3_REGION: 'auto',
      S3_ACCESS_KEY_ID: 'key',
      S3_SECRET_ACCESS_KEY: 'secret',
    };
    const settings = (values: Record<string, string>) =>
      Object.fromEntries(
        Object.entries(env).map(([name, value]) => [name, interpolate(String(value), values)]),
      );
    expect(loadConfig(settings(given), '/app').storage).toEqual({
      type: 's3',
      bucket: 'artist-media',
      prefix: 'site/',
      endpoint: 'https://account.r2.cloudflarestorage.com',
      region: 'auto',
      credentials: { accessKeyId: 'key', secretAccessKey: 'secret' },
      forcePathStyle: false,
    });
    expect(loadConfig(settings({ SESSION_SECRET: given.SESSION_SECRET }), '/app').storage).toEqual({
      type: 'file',
      dir: '/app/data/uploads',
    });
  });

  it('gives the API longer to stop than a stop takes at most (10 s for requests, then closing)', () => {
    const number = (pattern: RegExp, file: string) =>
      Number(pattern.exec(read(file))![1].replace(/_/g, ''));
    const graceMs = number(/const SHUTDOWN_GRACE_MS = ([\d_]+);/, 'api/src/shutdown.ts');
    const closeMs = number(/const CLOSE_MS = ([\d_]+);/, 'api/src/main.ts');
    expect(graceMs).toBe(10_000);
    const stopMs = graceMs + closeMs;
    expect(seconds(compose.services.api.stop_grace_period) * 1000).toBeGreaterThanOrEqual(stopMs);
    expect(seconds(compose.services.frontdoor.stop_grace_period) * 1000).toBeGreaterThanOrEqual(
      stopMs,
    );
  });

  it('checks an API container by its readiness, which needs the database and its migrations', () => {
    expect(read('docker/api.Dockerfile')).toMatch(/^HEALTHCHECK .*\/api\/ready/m);
  });

  it('spreads requests over every API instance (--scale api=N), retrying a refused connection', () => {
    const conf = read('docker/frontdoor.nginx.conf');
    const upstream = blocks(conf).find((b) => b.head === 'upstream api')!;
    expect(ownDirectives(upstream.body)).toContain(
      'server api:3000 resolve max_fails=1 fail_timeout=2s',
    );
    expect(conf).toMatch(/^resolver 127\.0\.0\.11 /m);
    const server = blocks(conf).find((b) => b.head === 'server')!;
    expect(ownDirectives(server.body)).toContain('proxy_next_upstream error timeout');
    expect(conf).not.toMatch(/\b(ip_hash|hash|sticky)\b/);
    expect(conf).not.toContain('http://api:3000');
  });

  it('keeps connections to the instances, letting idle ones go before the API’s keep-alive timeout', () => {
    const conf = read('docker/frontdoor.nginx.conf');
    const upstream = ownDirectives(blocks(conf).find((b) => b.head === 'upstream api')!.body);
    expect(upstream).toContain('keepalive 32');
    const idle = /^keepalive_timeout (\d+)s$/.exec(
      upstream.find((d) => d.startsWith('keepalive_timeout'))!,
    );
    // Node's http server closes an idle connection after 5 s (server.keepAliveTimeout).
    expect(Number(idle![1]) * 1000).toBeLessThan(http.createServer().keepAliveTimeout);
    const server = ownDirectives(blocks(conf).find((b) => b.head === 'server')!.body);
    expect(server).toEqual(
      expect.arrayContaining(['proxy_http_version 1.1', 'proxy_set_header Connection ""']),
    );
  });

  it('sends a POST again on another instance only where the API applies it once', () => {
    const conf = read('docker/frontdoor.nginx.conf');
    const again = blocks(conf)
      .filter((b) => ownDirectives(b.body).some((d) => d.includes('non_idempotent')))
      .map((b) => [b.head, ownDirectives(b.body)]);
    expect(again).toEqual([
      [
        'location = /api/webhooks/stripe',
        ['proxy_next_upstream error non_idempotent', 'proxy_pass http://api'],
      ],
      [
        'location = /api/create-checkout-session',
        ['proxy_next_upstream error non_idempotent', 'proxy_pass http://api'],
      ],
    ]);
  });

  it('gives the front door room for a spike: two connections per request in flight', () => {
    const main = read('docker/nginx.conf');
    const connections = Number(/^\s*worker_connections (\d+);/m.exec(main)![1]);
    const files = Number(/^worker_rlimit_nofile (\d+);/m.exec(main)![1]);
    expect(connections).toBeGreaterThanOrEqual(8192);
    expect(files).toBeGreaterThanOrEqual(2 * connections);
    expect(main).toContain('include /etc/nginx/conf.d/*.conf;');
  });

  it('keeps the uploaded photos in a volume at the API’s default UPLOADS_DIR, made writable by node', () => {
    expect(compose.services.api.volumes).toContain('uploads:/app/data/uploads');
    expect(loadConfig({}, '/app').uploadsDir).toBe('/app/data/uploads');
    expect(read('docker/api.Dockerfile')).toMatch(
      /RUN mkdir -p \/app\/data\/uploads && chown -R node:node \/app\/data\nUSER node/,
    );
  });

  it('runs the API with the malloc arenas the upload suite measures it with', () => {
    const arenas = `MALLOC_ARENA_MAX=${SERVER_MALLOC_ARENA_MAX}`;
    expect(read('docker/api.Dockerfile')).toMatch(new RegExp(`^ENV .*\\b${arenas}\\b`, 'm'));
    const npm = JSON.parse(read('package.json')) as { scripts: Record<string, string> };
    expect(npm.scripts.start).toBe(
      `${arenas} node ${SERVER_NODE_FLAGS.join(' ')} scripts/start.mjs`,
    );
  });

  it('starts the API with the node flags its memory is measured with, wherever it starts', () => {
    const api = JSON.parse(read('api/package.json')) as { scripts: Record<string, string> };
    expect(api.scripts.start).toBe(`node ${SERVER_NODE_FLAGS.join(' ')} dist/main.js`);
    const cmd = /^CMD (.*)$/m.exec(read('docker/api.Dockerfile'))![1];
    expect(JSON.parse(cmd)).toEqual(['node', ...SERVER_NODE_FLAGS, 'api/dist/main.js']);
    // Scripts that cannot import the flags (plain .mjs) spell them out; the browser tests,
    // bench:web, bench:admin and the JavaScript budget start the site through scripts/site.mjs.
    for (const file of ['scripts/site.mjs', 'scripts/dev.mjs', 'api/scripts/bench-api.mjs'])
      for (const flag of SERVER_NODE_FLAGS)
        expect([file, read(file)]).toEqual([file, expect.stringContaining(flag)]);
  });

  it('mounts the front door’s nginx files', () => {
    expect(compose.services.frontdoor.volumes).toEqual([
      './nginx.conf:/etc/nginx/nginx.conf:ro',
      './frontdoor.nginx.conf:/etc/nginx/conf.d/default.conf:ro',
    ]);
  });
});

describe.each(['docker/remote.nginx.conf', 'docker/frontdoor.nginx.conf'])('%s', (file) => {
  const all = blocks(read(file));
  const server = all.find((b) => b.head === 'server')!;
  const locations = all.filter((b) => b.head.startsWith('location'));

  it('sends nosniff from the server block', () => {
    expect(ownDirectives(server.body)).toContain(
      'add_header X-Content-Type-Options nosniff always',
    );
  });

  it('keeps the server’s headers in every location: no location has an add_header of its own', () => {
    expect(locations.length).toBeGreaterThan(0);
    for (const location of locations) {
      const own = ownDirectives(location.body).filter((d) => d.startsWith('add_header'));
      expect([location.head, own]).toEqual([location.head, []]);
    }
  });
});

describe('.dockerignore', () => {
  const lines = read('.dockerignore')
    .split('\n')
    .map((l) => l.trim());

  it('leaves settings and data out of every image', () => {
    expect(lines).toEqual(expect.arrayContaining(['.env', '.env.*', 'data', '**/*.sqlite']));
  });
});

describe('npm install on Node 20', () => {
  it('installs no package that asks for a newer Node (no EBADENGINE warning)', () => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const semver = require('semver') as {
      satisfies(version: string, range: string, options: object): boolean;
    };
    const lock = JSON.parse(read('package-lock.json')) as {
      packages: Record<string, { version?: string; engines?: { node?: string } | string[] }>;
    };
    const tooNew = Object.entries(lock.packages)
      .filter(([, pkg]) => {
        const wanted = Array.isArray(pkg.engines) ? undefined : pkg.engines?.node;
        return wanted && !semver.satisfies('20.19.0', wanted, { includePrerelease: true });
      })
      .map(([name, pkg]) => `${name}@${pkg.version}`);
    expect(tooNew).toEqual([]);
  });
});
