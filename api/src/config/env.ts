import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { plainToInstance, Transform } from 'class-transformer';
import { SESSION_SECRET_FILE } from './session-secret.js';
import {
  IsEmail,
  IsIn,
  IsInt,
  IsOptional,
  IsString,
  IsUrl,
  Matches,
  Max,
  Min,
  MinLength,
  registerDecorator,
  ValidateIf,
  validateSync,
  type ValidationOptions,
} from 'class-validator';

const trimmed = () =>
  Transform(({ value }) =>
    typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined,
  );

const isProduction = (env: Environment) => env.NODE_ENV === 'production';

/** Every setting the server reads, validated once at start-up. `.env.example` lists them all. */
export class Environment {
  @trimmed()
  @IsIn(['development', 'production', 'test'])
  NODE_ENV: 'development' | 'production' | 'test' = 'development';

  @Transform(({ value }) => (value === undefined || value === '' ? 3000 : Number(value)))
  @IsInt({ message: 'PORT must be a whole number' })
  @Min(0)
  @Max(65535)
  PORT = 3000;

  /** Required in production: cookies, checkout return URLs and the origin check rely on it. */
  @trimmed()
  @ValidateIf((env: Environment) => isProduction(env) || env.PUBLIC_URL !== undefined)
  @IsUrl(
    { require_tld: false, protocols: ['http', 'https'], require_protocol: true },
    {
      message: ({ value }) =>
        value === undefined
          ? 'PUBLIC_URL is required in production: the address visitors use, e.g. https://wrencalloway.com'
          : 'PUBLIC_URL must be a full http:// or https:// address',
    },
  )
  PUBLIC_URL?: string;

  @trimmed()
  @IsOptional()
  @Matches(/^(mysql|mariadb):\/\/.+|^sqlite:.+/, {
    message: 'DATABASE_URL must be mysql://user:pass@host:3306/name or sqlite:/path/file.sqlite',
  })
  DATABASE_URL?: string;

  @trimmed()
  @ValidateIf((env: Environment) => isProduction(env) || env.SESSION_SECRET !== undefined)
  @IsString({ message: 'SESSION_SECRET is required in production' })
  @MinLength(32, { message: 'SESSION_SECRET must be at least 32 characters long' })
  SESSION_SECRET?: string;

  @trimmed()
  @IsOptional()
  @MinLength(8, { message: 'ADMIN_PASSWORD must be at least 8 characters long' })
  ADMIN_PASSWORD?: string;

  /**
   * Payments. Without a Stripe key the built-in test payment provider runs only on a loopback
   * PUBLIC_URL outside production, or when PAYMENT_PROVIDER=test; otherwise checkout answers 503.
   */
  @trimmed()
  @IsOptional()
  @Matches(/^(sk|rk)_(test|live)_\w+$/, {
    message: 'STRIPE_SECRET_KEY must look like sk_live_… or sk_test_…',
  })
  STRIPE_SECRET_KEY?: string;

  @trimmed()
  @IsOptional()
  @IsIn(['test'], { message: 'PAYMENT_PROVIDER must be test (or unset)' })
  PAYMENT_PROVIDER?: 'test';

  @trimmed()
  @ValidateIf(
    (env: Environment) =>
      env.STRIPE_SECRET_KEY !== undefined || env.STRIPE_WEBHOOK_SECRET !== undefined,
  )
  @Matches(/^whsec_\w+$/, {
    message: 'STRIPE_WEBHOOK_SECRET is required with STRIPE_SECRET_KEY and must look like whsec_…',
  })
  STRIPE_WEBHOOK_SECRET?: string;

  @trimmed()
  @IsOptional()
  @IsUrl({ require_tld: false, protocols: ['http', 'https'], require_protocol: true })
  STRIPE_API_URL?: string;

  /**
   * `true` turns on Stripe Tax in Checkout: each product's tax code and the shipping's go to
   * Stripe, which adds the tax where the site is registered to collect it (docs/payments.md).
   */
  @Transform(({ value }) => (value === undefined || value === '' ? 'false' : String(value).trim()))
  @IsIn(['true', 'false'], { message: 'STRIPE_AUTOMATIC_TAX must be true or false' })
  STRIPE_AUTOMATIC_TAX = 'false';

  /**
   * Minutes after an unpaid Stripe checkout expires before its reminder email goes out (to a buyer
   * who agreed to promotional emails); 0 sends it at once.
   */
  @Transform(({ value }) => (value === undefined || value === '' ? 60 : Number(value)))
  @IsInt({ message: 'CHECKOUT_REMINDER_DELAY_MINUTES must be a whole number of 0 or more' })
  @Min(0, { message: 'CHECKOUT_REMINDER_DELAY_MINUTES must be a whole number of 0 or more' })
  @Max(10_080, { message: 'CHECKOUT_REMINDER_DELAY_MINUTES must be at most 10080 (a week)' })
  CHECKOUT_REMINDER_DELAY_MINUTES = 60;

  /**
   * Express `trust proxy`: a hop count, or a list of addresses/subnets of the proxies. `true`
   * (trust every hop) is refused: any client could then choose its own address. Required with an
   * https:// PUBLIC_URL, which is only ever reached through a TLS-terminating proxy: without it
   * the request looks like plain http and the Secure session cookie is never sent.
   */
  @trimmed()
  @ValidateIf((env: Environment) => isHttps(env.PUBLIC_URL) || env.TRUST_PROXY !== undefined)
  @IsTrustProxy()
  TRUST_PROXY?: string;

  /** Runtime remote entries; defaults are the builds this server hosts itself. */
  @trimmed()
  @IsOptional()
  @Matches(/^(https?:\/\/|\/)\S+$/, {
    message: 'STOREFRONT_REMOTE_URL must be an absolute URL or a path starting with /',
  })
  STOREFRONT_REMOTE_URL?: string;

  @trimmed()
  @IsOptional()
  @Matches(/^(https?:\/\/|\/)\S+$/, {
    message: 'ADMIN_REMOTE_URL must be an absolute URL or a path starting with /',
  })
  ADMIN_REMOTE_URL?: string;

  /** Folder holding the built front ends (shell/dist, storefront/dist, admin/dist). */
  @trimmed()
  @IsOptional()
  @IsString()
  WEB_ROOT?: string;

  /**
   * Folder of the files uploaded in the admin (the gallery's photos, under `gallery/`); kept
   * across deploys and restarts, so never inside a build's output.
   */
  @trimmed()
  @IsOptional()
  @IsString()
  UPLOADS_DIR?: string;

  /**
   * Where uploaded files go: `file:/path/to/folder` (the default, data/uploads; UPLOADS_DIR is
   * the older name of the same setting) or `s3://bucket/prefix` for S3-compatible storage, which
   * several instances of the site can share.
   */
  @trimmed()
  @IsOptional()
  @Matches(/^file:.+|^s3:\/\/[a-z0-9][a-z0-9.-]{1,61}[a-z0-9](\/[A-Za-z0-9._/-]*)?$/, {
    message: 'STORAGE_URL must be file:/path/to/folder or s3://bucket/prefix',
  })
  STORAGE_URL?: string;

  /** The S3 API's address for a service other than AWS (R2, B2, MinIO…); AWS's own otherwise. */
  @trimmed()
  @IsOptional()
  @IsUrl(
    { require_tld: false, protocols: ['http', 'https'], require_protocol: true },
    { message: 'S3_ENDPOINT must be a full http:// or https:// address' },
  )
  S3_ENDPOINT?: string;

  @trimmed()
  @IsOptional()
  @Matches(/^[a-z0-9-]+$/, { message: 'S3_REGION must be a region name such as us-east-1 or auto' })
  S3_REGION?: string;

  /** With S3_SECRET_ACCESS_KEY; without both, the AWS SDK's usual sources (a role, ~/.aws). */
  @trimmed()
  @ValidateIf(
    (env: Environment) =>
      env.S3_SECRET_ACCESS_KEY !== undefined || env.S3_ACCESS_KEY_ID !== undefined,
  )
  @IsString({ message: 'S3_ACCESS_KEY_ID is required with S3_SECRET_ACCESS_KEY' })
  S3_ACCESS_KEY_ID?: string;

  @trimmed()
  @ValidateIf(
    (env: Environment) =>
      env.S3_ACCESS_KEY_ID !== undefined || env.S3_SECRET_ACCESS_KEY !== undefined,
  )
  @IsString({ message: 'S3_SECRET_ACCESS_KEY is required with S3_ACCESS_KEY_ID' })
  S3_SECRET_ACCESS_KEY?: string;

  /** `true` for services that address buckets by path (MinIO, s3rver), not by host name. */
  @trimmed()
  @IsOptional()
  @IsIn(['true', 'false'], { message: 'S3_FORCE_PATH_STYLE must be true or false' })
  S3_FORCE_PATH_STYLE?: 'true' | 'false';

  /**
   * The address a CDN or a public bucket serves the uploaded files from (the folder or prefix
   * of STORAGE_URL); the photos' addresses then point there. Without it the site serves them
   * itself at /media/.
   */
  @trimmed()
  @IsOptional()
  @IsUrl(
    { require_tld: false, protocols: ['http', 'https'], require_protocol: true },
    { message: 'MEDIA_PUBLIC_URL must be a full http:// or https:// address' },
  )
  MEDIA_PUBLIC_URL?: string;

  /** IANA time zone of the artist: "today" for the public shows list is a date there. */
  @trimmed()
  @IsTimeZone({ message: 'ARTIST_TIMEZONE must be an IANA time zone such as America/Chicago' })
  ARTIST_TIMEZONE = 'America/Chicago';

  /** The SMTP server the site sends through; without it emails wait in the outbox, held. */
  @trimmed()
  @IsOptional()
  @Matches(/^smtps?:\/\/[^\s/?#]+(:\d+)?\/?(\?\S*)?$/, {
    message: 'SMTP_URL must look like smtp://user:pass@host:587 or smtps://user:pass@host:465',
  })
  SMTP_URL?: string;

  /** The From of every email: an address, or `Name <address>`. */
  @trimmed()
  @IsOptional()
  @Matches(/^([^<>\r\n]*<[^\s<>@]+@[^\s<>@]+>|[^\s<>@]+@[^\s<>@]+)$/, {
    message: 'MAIL_FROM must be an address or Name <address>',
  })
  MAIL_FROM?: string;

  /** Where the artist's alerts of new orders and messages go; none without it. */
  @trimmed()
  @IsOptional()
  @IsEmail({ require_tld: false }, { message: 'ARTIST_EMAIL must be an email address' })
  ARTIST_EMAIL?: string;

  @trimmed()
  @IsIn(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
  LOG_LEVEL = 'info';

  /**
   * Bearer token of `GET /metrics` (Prometheus). Unset: the endpoint does not exist (404).
   */
  @trimmed()
  @IsOptional()
  @MinLength(16, { message: 'METRICS_TOKEN must be at least 16 characters long' })
  @Matches(/^[\x21-\x7e]+$/, { message: 'METRICS_TOKEN must be printable ASCII without spaces' })
  METRICS_TOKEN?: string;

  // Per-address abuse limits (counted in the database; see docs/api.md, Protection).
  /** Posts of each public form (contact, newsletter, notify-me) per address and window. */
  @Transform(({ value }) => (value === undefined || value === '' ? 20 : Number(value)))
  @IsInt({ message: 'FORM_RATE_LIMIT must be a whole number' })
  @Min(1)
  FORM_RATE_LIMIT = 20;

  /** Checkout sessions created per address and window. */
  @Transform(({ value }) => (value === undefined || value === '' ? 30 : Number(value)))
  @IsInt({ message: 'CHECKOUT_RATE_LIMIT must be a whole number' })
  @Min(1)
  CHECKOUT_RATE_LIMIT = 30;

  /**
   * Checks of a checkout session's status (the return from the payment page) per address and
   * minute: each may ask the payment provider, whose own read limit the whole shop shares.
   */
  @Transform(({ value }) => (value === undefined || value === '' ? 60 : Number(value)))
  @IsInt({ message: 'SESSION_STATUS_RATE_LIMIT must be a whole number' })
  @Min(1)
  SESSION_STATUS_RATE_LIMIT = 60;

  /** Discount code checks (`POST /api/discounts/check`) per address and RATE_LIMIT_MINUTES. */
  @Transform(({ value }) => (value === undefined || value === '' ? 30 : Number(value)))
  @IsInt({ message: 'DISCOUNT_CHECK_RATE_LIMIT must be a whole number' })
  @Min(1)
  DISCOUNT_CHECK_RATE_LIMIT = 30;

  /** Days a release's download link works after it is made (docs/storefront.md, Releases). */
  @Transform(({ value }) => (value === undefined || value === '' ? 14 : Number(value)))
  @IsInt({ message: 'DOWNLOAD_DAYS must be a whole number of days from 1 to 365' })
  @Min(1, { message: 'DOWNLOAD_DAYS must be a whole number of days from 1 to 365' })
  @Max(365, { message: 'DOWNLOAD_DAYS must be a whole number of days from 1 to 365' })
  DOWNLOAD_DAYS = 14;

  /** Downloads one link allows (a resumed download counts once). */
  @Transform(({ value }) => (value === undefined || value === '' ? 5 : Number(value)))
  @IsInt({ message: 'DOWNLOAD_LIMIT must be a whole number from 1 to 100' })
  @Min(1, { message: 'DOWNLOAD_LIMIT must be a whole number from 1 to 100' })
  @Max(100, { message: 'DOWNLOAD_LIMIT must be a whole number from 1 to 100' })
  DOWNLOAD_LIMIT = 5;

  /** The window of FORM_RATE_LIMIT and CHECKOUT_RATE_LIMIT, in minutes. */
  @Transform(({ value }) => (value === undefined || value === '' ? 10 : Number(value)))
  @IsInt({ message: 'RATE_LIMIT_MINUTES must be a whole number' })
  @Min(1)
  @Max(1440)
  RATE_LIMIT_MINUTES = 10;

  /**
   * Confirmation and back-in-stock emails (those a stranger's form post can cause) sent by the
   * whole site per clock hour; beyond it they wait in the outbox for a later hour.
   */
  @Transform(({ value }) => (value === undefined || value === '' ? 1000 : Number(value)))
  @IsInt({ message: 'CONFIRMATION_EMAILS_PER_HOUR must be a whole number of 1 or more' })
  @Min(1, { message: 'CONFIRMATION_EMAILS_PER_HOUR must be a whole number of 1 or more' })
  CONFIRMATION_EMAILS_PER_HOUR = 1000;

  /**
   * Campaign emails sent per second by all instances together (counted in the database); 0 sends
   * as fast as the SMTP server takes them. The default stays under the 14/s Amazon SES starts
   * accounts at.
   */
  @Transform(({ value }) => (value === undefined || value === '' ? 10 : Number(value)))
  @IsInt({ message: 'CAMPAIGN_RATE_PER_SECOND must be a whole number of 0 or more' })
  @Min(0, { message: 'CAMPAIGN_RATE_PER_SECOND must be a whole number of 0 or more' })
  CAMPAIGN_RATE_PER_SECOND = 10;

  /** Basic-auth user and password of the Postmark webhook (`/api/webhooks/email/postmark`). */
  @trimmed()
  @IsOptional()
  EMAIL_WEBHOOK_USER?: string;

  @IsOptional()
  EMAIL_WEBHOOK_PASSWORD?: string;

  /** Mailgun's HTTP webhook signing key, for `/api/webhooks/email/mailgun`. */
  @trimmed()
  @IsOptional()
  MAILGUN_WEBHOOK_SIGNING_KEY?: string;
}

const isHttps = (url: string | undefined) => /^https:\/\//i.test(url ?? '');

function IsTrustProxy() {
  return (target: object, propertyName: string) =>
    registerDecorator({
      name: 'isTrustProxy',
      target: target.constructor,
      propertyName,
      options: {
        message: ({ value, object }) => {
          if (typeof value === 'string' && value.toLowerCase() === 'true')
            return 'TRUST_PROXY=true trusts every hop, so any client could choose its address: give the hop count (e.g. 1) or the proxy addresses';
          if (isHttps((object as Environment).PUBLIC_URL) && !trustsSomeProxy(value))
            return 'TRUST_PROXY is required when PUBLIC_URL is https:// (behind the TLS proxy): give the hop count (e.g. 1) or the proxy addresses';
          return 'TRUST_PROXY must be a hop count or a list of proxy addresses';
        },
      },
      validator: {
        validate: (value: unknown, args) =>
          typeof value === 'string' &&
          /^(\d+|[\w.:/, -]+)$/.test(value) &&
          value.toLowerCase() !== 'true' &&
          (!isHttps((args?.object as Environment).PUBLIC_URL) || trustsSomeProxy(value)),
      },
    });
}

/** A hop count above 0 or a list of addresses; `false` and `0` trust no proxy at all. */
function trustsSomeProxy(value: unknown): boolean {
  return typeof value === 'string' && value.toLowerCase() !== 'false' && !/^0+$/.test(value);
}

function IsTimeZone(options: ValidationOptions) {
  return (target: object, propertyName: string) =>
    registerDecorator({
      name: 'isTimeZone',
      target: target.constructor,
      propertyName,
      options,
      validator: { validate: (value: unknown) => isTimeZone(value) },
    });
}

export function isTimeZone(value: unknown): boolean {
  if (typeof value !== 'string' || value === '') return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/** What the rest of the server reads: validated values with their defaults resolved. */
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
  const env = plainToInstance(Environment, { ...raw }, { excludeExtraneousValues: false });
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
        region: env.S3_REGION ?? 'us-east-1',
        credentials:
          env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY
            ? { accessKeyId: env.S3_ACCESS_KEY_ID, secretAccessKey: env.S3_SECRET_ACCESS_KEY }
            : undefined,
        forcePathStyle: env.S3_FORCE_PATH_STYLE === 'true',
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
          automaticTax: env.STRIPE_AUTOMATIC_TAX === 'true',
        }
      : undefined,
    checkoutReminderDelayMinutes: env.CHECKOUT_REMINDER_DELAY_MINUTES,
    payments: env.STRIPE_SECRET_KEY
      ? 'stripe'
      : env.PAYMENT_PROVIDER === 'test' || (!production && isLoopbackUrl(publicUrl))
        ? 'test'
        : 'off',
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    remotes: {
      storefront: env.STOREFRONT_REMOTE_URL ?? '/remotes/storefront/mf-manifest.json',
      admin: env.ADMIN_REMOTE_URL ?? '/remotes/admin/mf-manifest.json',
    },
    webRoot,
    uploadsDir,
    storage,
    mediaPublicUrl: env.MEDIA_PUBLIC_URL?.replace(/\/+$/, ''),
    logLevel: env.LOG_LEVEL,
    metricsToken: env.METRICS_TOKEN,
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
