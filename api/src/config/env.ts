import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { plainToInstance } from 'class-transformer';
import { validateSync } from 'class-validator';
import { Environment } from './environment.js';
import { SESSION_SECRET_FILE } from './session-secret.js';
import { settingsOf } from './setting.js';

/**
 * What the rest of the server reads, derived from the settings (environment.ts, where each is
 * declared) and grouped by the part of the server that uses them.
 */
export interface AppConfig {
  production: boolean;
  port: number;
  publicUrl: string;
  /** PUBLIC_URL was given: the cross-site check then accepts its origin alone. */
  publicUrlSet: boolean;
  secureCookies: boolean;
  database: { type: 'sqlite'; file: string } | { type: 'mysql'; url: string };
  sessionSecret: string;
  /**
   * Outside production without SESSION_SECRET: the file in the data folder that keeps the secret
   * across restarts (read or made when the app starts), so a restart does not log the artist out.
   */
  sessionSecretFile?: string;
  adminPassword?: string;
  stripe?: {
    secretKey: string;
    webhookSecret: string;
    apiUrl?: string;
    /** STRIPE_AUTOMATIC_TAX: Stripe Tax works out the tax of each checkout. */
    automaticTax: boolean;
  };
  /** Minutes from an abandoned checkout's expiry to its reminder (CHECKOUT_REMINDER_DELAY_MINUTES). */
  checkoutReminderDelayMinutes: number;
  /** Where checkout goes: Stripe, the built-in test provider, or nowhere (503). */
  payments: 'stripe' | 'test' | 'off';
  trustProxy: false | number | string;
  remotes: { storefront: string; admin: string };
  /** DEPLOY_TOKEN_STOREFRONT and DEPLOY_TOKEN_ADMIN: a remote without one takes no releases. */
  deployTokens: { storefront?: string; admin?: string };
  webRoot: string;
  /** The folder of `file:` storage (STORAGE_URL or UPLOADS_DIR), absolute. */
  uploadsDir: string;
  /** Where uploaded files live (STORAGE_URL). */
  storage: { type: 'file'; dir: string } | S3StorageConfig;
  /** MEDIA_PUBLIC_URL without its trailing slash: photos' addresses point there when set. */
  mediaPublicUrl?: string;
  logLevel: string;
  /** METRICS_TOKEN: the bearer token of GET /metrics; undefined turns the endpoint off. */
  metricsToken?: string;
  /** Whether /api/docs and /api/docs-json are served: outside production, or with API_DOCS. */
  apiDocs: boolean;
  /** Where the JSON log lines go; standard output unless a test captures them. */
  logStream?: { write(line: string): unknown };
  /** IANA time zone of the artist (ARTIST_TIMEZONE). */
  timeZone: string;
  mail: MailConfig;
  /** Per-address limits of the public forms, checkout creation and its status check. */
  rateLimits: {
    forms: { max: number; windowMs: number };
    checkout: { max: number; windowMs: number };
    sessionStatus: { max: number; windowMs: number };
    discountCheck: { max: number; windowMs: number };
  };
  /** How long (DOWNLOAD_DAYS) and how often (DOWNLOAD_LIMIT) a download link works. */
  downloads: { days: number; limit: number };
}

export interface S3StorageConfig {
  type: 's3';
  bucket: string;
  /** Prepended to every key: empty, or ending in `/`. */
  prefix: string;
  endpoint?: string;
  region: string;
  credentials?: { accessKeyId: string; secretAccessKey: string };
  forcePathStyle: boolean;
}

export interface MailConfig {
  /** SMTP_URL; undefined means emails are held in the outbox. */
  smtpUrl?: string;
  from: { name: string; address: string };
  /** ARTIST_EMAIL. */
  artistEmail?: string;
  /** CONFIRMATION_EMAILS_PER_HOUR: the site's hourly cap of fan-triggered emails. */
  confirmationsPerHour: number;
  /** CAMPAIGN_RATE_PER_SECOND: campaign emails per second across instances; 0 for no cap. */
  campaignRatePerSecond: number;
  /** The providers' bounce and complaint webhooks; each is refused (401) while unset. */
  webhooks: {
    basicAuth?: { user: string; password: string };
    mailgunSigningKey?: string;
  };
}

/** The name emails come from when MAIL_FROM gives none. */
export const ARTIST_NAME = 'Wren Calloway';

export class InvalidEnvironmentError extends Error {}

/**
 * Validates raw environment variables. `root` is the project folder, against which the default
 * SQLite file (`data/`) and the built front ends are found.
 */
export function loadConfig(raw: Record<string, string | undefined>, root: string): AppConfig {
  const given = Object.fromEntries(settingsOf(Environment).map(({ name }) => [name, raw[name]]));
  const env = plainToInstance(Environment, given);
  const errors = validateSync(env, { skipMissingProperties: false });
  if (errors.length > 0) {
    const lines = errors.flatMap((e) =>
      Object.values(e.constraints ?? {}).map((m) => `  ${e.property}: ${m}`),
    );
    throw new InvalidEnvironmentError(`Invalid environment:\n${lines.join('\n')}`);
  }
  const production = env.NODE_ENV === 'production';
  const port = env.PORT;
  const webRoot = env.WEB_ROOT ? path.resolve(root, env.WEB_ROOT) : root;
  if (env.UPLOADS_DIR !== undefined && env.STORAGE_URL !== undefined)
    throw new InvalidEnvironmentError(
      'Invalid environment:\n  UPLOADS_DIR: UPLOADS_DIR is the older name of STORAGE_URL=file:…; set only one of the two',
    );
  const fileStorage = env.STORAGE_URL?.startsWith('file:')
    ? env.STORAGE_URL.replace(/^file:(\/\/)?/, '')
    : env.UPLOADS_DIR;
  const uploadsDir = fileStorage
    ? path.resolve(root, fileStorage)
    : path.join(root, 'data', 'uploads');
  const s3 = env.STORAGE_URL?.startsWith('s3://') ? new URL(env.STORAGE_URL) : undefined;
  const s3Prefix = s3?.pathname.replace(/^\/+|\/+$/g, '').replace(/\/{2,}/g, '/') ?? '';
  const storage: AppConfig['storage'] = s3
    ? {
        type: 's3',
        bucket: s3.hostname,
        prefix: s3Prefix ? `${s3Prefix}/` : '',
        endpoint: env.S3_ENDPOINT,
        region: env.S3_REGION,
        credentials:
          env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY
            ? { accessKeyId: env.S3_ACCESS_KEY_ID, secretAccessKey: env.S3_SECRET_ACCESS_KEY }
            : undefined,
        forcePathStyle: env.S3_FORCE_PATH_STYLE,
      }
    : { type: 'file', dir: uploadsDir };
  const buildOutput = [
    ...['shell', 'storefront', 'admin'].map((name) => path.join(webRoot, name, 'dist')),
    path.join(root, 'api', 'dist'),
  ].find((dist) => storage.type === 'file' && isInside(uploadsDir, dist));
  if (buildOutput)
    throw new InvalidEnvironmentError(
      `Invalid environment:\n  UPLOADS_DIR: ${uploadsDir} is inside the build output ${buildOutput}, ` +
        'which the next build replaces: choose a folder of its own, e.g. data/uploads',
    );
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/+$/, '');
  const dbUrl = env.DATABASE_URL;
  const database: AppConfig['database'] =
    dbUrl && /^(mysql|mariadb):/.test(dbUrl)
      ? { type: 'mysql', url: dbUrl }
      : {
          type: 'sqlite',
          // A relative path is taken from the project folder, wherever a command runs from.
          file: dbUrl
            ? sqliteFile(dbUrl.replace(/^sqlite:(\/\/)?/, ''), root)
            : path.join(root, 'data', 'artist.sqlite'),
        };
  return {
    production,
    port,
    publicUrl,
    publicUrlSet: env.PUBLIC_URL !== undefined,
    secureCookies: publicUrl.startsWith('https://'),
    database,
    // Outside production without SESSION_SECRET, the app reads the secret kept in the data
    // folder (sessionSecretFile) when it starts; this one stands in until then.
    sessionSecret: env.SESSION_SECRET ?? randomBytes(32).toString('hex'),
    sessionSecretFile:
      production || env.SESSION_SECRET ? undefined : path.join(root, 'data', SESSION_SECRET_FILE),
    adminPassword: env.ADMIN_PASSWORD,
    stripe: env.STRIPE_SECRET_KEY
      ? {
          secretKey: env.STRIPE_SECRET_KEY,
          webhookSecret: env.STRIPE_WEBHOOK_SECRET!,
          apiUrl: env.STRIPE_API_URL,
          automaticTax: env.STRIPE_AUTOMATIC_TAX,
        }
      : undefined,
    checkoutReminderDelayMinutes: env.CHECKOUT_REMINDER_DELAY_MINUTES,
    payments: env.STRIPE_SECRET_KEY
      ? 'stripe'
      : env.PAYMENT_PROVIDER === 'test' || (!production && isLoopbackUrl(publicUrl))
        ? 'test'
        : 'off',
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    remotes: { storefront: env.STOREFRONT_REMOTE_URL, admin: env.ADMIN_REMOTE_URL },
    deployTokens: { storefront: env.DEPLOY_TOKEN_STOREFRONT, admin: env.DEPLOY_TOKEN_ADMIN },
    webRoot,
    uploadsDir,
    storage,
    mediaPublicUrl: env.MEDIA_PUBLIC_URL?.replace(/\/+$/, ''),
    logLevel: env.LOG_LEVEL,
    metricsToken: env.METRICS_TOKEN,
    apiDocs: !production || env.API_DOCS,
    timeZone: env.ARTIST_TIMEZONE,
    mail: {
      smtpUrl: env.SMTP_URL,
      from: parseMailFrom(env.MAIL_FROM, publicUrl),
      artistEmail: env.ARTIST_EMAIL,
      confirmationsPerHour: env.CONFIRMATION_EMAILS_PER_HOUR,
      campaignRatePerSecond: env.CAMPAIGN_RATE_PER_SECOND,
      webhooks: {
        basicAuth:
          env.EMAIL_WEBHOOK_USER && env.EMAIL_WEBHOOK_PASSWORD
            ? { user: env.EMAIL_WEBHOOK_USER, password: env.EMAIL_WEBHOOK_PASSWORD }
            : undefined,
        mailgunSigningKey: env.MAILGUN_WEBHOOK_SIGNING_KEY || undefined,
      },
    },
    downloads: { days: env.DOWNLOAD_DAYS, limit: env.DOWNLOAD_LIMIT },
    rateLimits: {
      forms: { max: env.FORM_RATE_LIMIT, windowMs: env.RATE_LIMIT_MINUTES * 60_000 },
      checkout: { max: env.CHECKOUT_RATE_LIMIT, windowMs: env.RATE_LIMIT_MINUTES * 60_000 },
      sessionStatus: { max: env.SESSION_STATUS_RATE_LIMIT, windowMs: 60_000 },
      discountCheck: {
        max: env.DISCOUNT_CHECK_RATE_LIMIT,
        windowMs: env.RATE_LIMIT_MINUTES * 60_000,
      },
    },
  };
}

/** `localhost`, `127.x.x.x` or `::1`: an address only this machine reaches. */
export function isLoopbackUrl(url: string): boolean {
  const host = new URL(url).hostname.replace(/^\[|\]$/g, '').toLowerCase();
  return (
    host === 'localhost' ||
    host.endsWith('.localhost') ||
    host === '::1' ||
    /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host)
  );
}

/** `folder` is `parent` or lies somewhere below it. */
function isInside(folder: string, parent: string): boolean {
  const relative = path.relative(parent, folder);
  return relative === '' || (!relative.startsWith('..') && !path.isAbsolute(relative));
}

function sqliteFile(file: string, root: string): string {
  return file === ':memory:' ? file : path.resolve(root, file);
}

/** MAIL_FROM, or by default the artist's name at PUBLIC_URL's host: `Wren Calloway <wren@host>`. */
function parseMailFrom(value: string | undefined, publicUrl: string): MailConfig['from'] {
  if (!value) return { name: ARTIST_NAME, address: `wren@${new URL(publicUrl).hostname}` };
  const named = /^(.*)<([^<>]+)>$/.exec(value);
  if (!named) return { name: ARTIST_NAME, address: value };
  return { name: named[1].trim().replace(/^"(.*)"$/, '$1') || ARTIST_NAME, address: named[2] };
}

function parseTrustProxy(value: string | undefined): false | number | string {
  if (value === undefined || value.toLowerCase() === 'false') return false;
  return /^\d+$/.test(value) ? Number(value) : value;
}
