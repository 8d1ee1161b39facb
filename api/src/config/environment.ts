import {
  IsEmail,
  IsIn,
  IsOptional,
  IsString,
  IsUrl,
  Matches,
  MinLength,
  registerDecorator,
  ValidateIf,
  type ValidationOptions,
} from 'class-validator';
import { Flag, Text, TextWith, Verbatim, WholeNumber } from './setting.js';

const isProduction = (env: Environment) => env.NODE_ENV === 'production';

const NODE_ENVS = ['development', 'production', 'test'] as const;
const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/**
 * Every setting the server reads, each declared once: its type, its kind and default (setting.ts),
 * its checks and their messages. Validated once at start-up by `loadConfig` (env.ts), which
 * derives what the modules read from it. `.env.example` and the README's table list them all
 * (environment.spec.ts holds them to it).
 */
export class Environment {
  @Text({ default: 'development', blank: 'refused' })
  @IsIn(NODE_ENVS)
  NODE_ENV: (typeof NODE_ENVS)[number];

  @WholeNumber({
    default: 3000,
    min: 0,
    max: 65535,
    message: 'PORT must be a whole number',
    outOfRange: { min: null, max: null },
  })
  PORT: number;

  /** Required in production: cookies, checkout return URLs and the origin check rely on it. */
  @Text()
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

  @Text()
  @IsOptional()
  @Matches(/^(mysql|mariadb):\/\/.+|^sqlite:.+/, {
    message: 'DATABASE_URL must be mysql://user:pass@host:3306/name or sqlite:/path/file.sqlite',
  })
  DATABASE_URL?: string;

  @Text()
  @ValidateIf((env: Environment) => isProduction(env) || env.SESSION_SECRET !== undefined)
  @IsString({ message: 'SESSION_SECRET is required in production' })
  @MinLength(32, { message: 'SESSION_SECRET must be at least 32 characters long' })
  SESSION_SECRET?: string;

  @Text()
  @IsOptional()
  @MinLength(8, { message: 'ADMIN_PASSWORD must be at least 8 characters long' })
  ADMIN_PASSWORD?: string;

  /**
   * Payments. Without a Stripe key the built-in test payment provider runs only on a loopback
   * PUBLIC_URL outside production, or when PAYMENT_PROVIDER=test; otherwise checkout answers 503.
   */
  @Text()
  @IsOptional()
  @Matches(/^(sk|rk)_(test|live)_\w+$/, {
    message: 'STRIPE_SECRET_KEY must look like sk_live_… or sk_test_…',
  })
  STRIPE_SECRET_KEY?: string;

  @Text()
  @IsOptional()
  @IsIn(['test'], { message: 'PAYMENT_PROVIDER must be test (or unset)' })
  PAYMENT_PROVIDER?: 'test';

  @TextWith('STRIPE_SECRET_KEY')
  @Matches(/^whsec_\w+$/, {
    message: 'STRIPE_WEBHOOK_SECRET is required with STRIPE_SECRET_KEY and must look like whsec_…',
  })
  STRIPE_WEBHOOK_SECRET?: string;

  @Text()
  @IsOptional()
  @IsUrl({ require_tld: false, protocols: ['http', 'https'], require_protocol: true })
  STRIPE_API_URL?: string;

  /**
   * `true` turns on Stripe Tax in Checkout: each product's tax code and the shipping's go to
   * Stripe, which adds the tax where the site is registered to collect it (docs/payments.md).
   */
  @Flag({ default: false, message: 'STRIPE_AUTOMATIC_TAX must be true or false' })
  STRIPE_AUTOMATIC_TAX: boolean;

  /**
   * Minutes after an unpaid Stripe checkout expires before its reminder email goes out (to a buyer
   * who agreed to promotional emails); 0 sends it at once.
   */
  @WholeNumber({
    default: 60,
    min: 0,
    max: 10_080,
    message: 'CHECKOUT_REMINDER_DELAY_MINUTES must be a whole number of 0 or more',
    outOfRange: { max: 'CHECKOUT_REMINDER_DELAY_MINUTES must be at most 10080 (a week)' },
  })
  CHECKOUT_REMINDER_DELAY_MINUTES: number;

  /**
   * Express `trust proxy`: a hop count, or a list of addresses/subnets of the proxies. `true`
   * (trust every hop) is refused: any client could then choose its own address. Required with an
   * https:// PUBLIC_URL, which is only ever reached through a TLS-terminating proxy: without it
   * the request looks like plain http and the Secure session cookie is never sent.
   */
  @Text()
  @ValidateIf((env: Environment) => isHttps(env.PUBLIC_URL) || env.TRUST_PROXY !== undefined)
  @IsTrustProxy()
  TRUST_PROXY?: string;

  /** Runtime remote entries; defaults are the builds this server hosts itself. */
  @Text({ default: '/remotes/storefront/mf-manifest.json' })
  @Matches(/^(https?:\/\/|\/)\S+$/, {
    message: 'STOREFRONT_REMOTE_URL must be an absolute URL or a path starting with /',
  })
  STOREFRONT_REMOTE_URL: string;

  @Text({ default: '/remotes/admin/mf-manifest.json' })
  @Matches(/^(https?:\/\/|\/)\S+$/, {
    message: 'ADMIN_REMOTE_URL must be an absolute URL or a path starting with /',
  })
  ADMIN_REMOTE_URL: string;

  /**
   * Bearer tokens of each remote's team for `/api/deploy/<remote>/…` (publish, promote, roll
   * back, preview). Unset: that remote's deploy routes do not exist (404).
   */
  @Text()
  @IsOptional()
  @MinLength(32, { message: 'DEPLOY_TOKEN_STOREFRONT must be at least 32 characters long' })
  @Matches(/^[\x21-\x7e]+$/, {
    message: 'DEPLOY_TOKEN_STOREFRONT must be printable ASCII without spaces',
  })
  DEPLOY_TOKEN_STOREFRONT?: string;

  @Text()
  @IsOptional()
  @MinLength(32, { message: 'DEPLOY_TOKEN_ADMIN must be at least 32 characters long' })
  @Matches(/^[\x21-\x7e]+$/, {
    message: 'DEPLOY_TOKEN_ADMIN must be printable ASCII without spaces',
  })
  DEPLOY_TOKEN_ADMIN?: string;

  /** Folder holding the built front ends (shell/dist, storefront/dist, admin/dist). */
  @Text()
  @IsOptional()
  @IsString()
  WEB_ROOT?: string;

  /**
   * Folder of the files uploaded in the admin (the gallery's photos, under `gallery/`); kept
   * across deploys and restarts, so never inside a build's output.
   */
  @Text()
  @IsOptional()
  @IsString()
  UPLOADS_DIR?: string;

  /**
   * Where uploaded files go: `file:/path/to/folder` (the default, data/uploads; UPLOADS_DIR is
   * the older name of the same setting) or `s3://bucket/prefix` for S3-compatible storage, which
   * several instances of the site can share.
   */
  @Text()
  @IsOptional()
  @Matches(/^file:.+|^s3:\/\/[a-z0-9][a-z0-9.-]{1,61}[a-z0-9](\/[A-Za-z0-9._/-]*)?$/, {
    message: 'STORAGE_URL must be file:/path/to/folder or s3://bucket/prefix',
  })
  STORAGE_URL?: string;

  /** The S3 API's address for a service other than AWS (R2, B2, MinIO…); AWS's own otherwise. */
  @Text()
  @IsOptional()
  @IsUrl(
    { require_tld: false, protocols: ['http', 'https'], require_protocol: true },
    { message: 'S3_ENDPOINT must be a full http:// or https:// address' },
  )
  S3_ENDPOINT?: string;

  @Text({ default: 'us-east-1' })
  @Matches(/^[a-z0-9-]+$/, { message: 'S3_REGION must be a region name such as us-east-1 or auto' })
  S3_REGION: string;

  /** With S3_SECRET_ACCESS_KEY; without both, the AWS SDK's usual sources (a role, ~/.aws). */
  @TextWith('S3_SECRET_ACCESS_KEY')
  @IsString({ message: 'S3_ACCESS_KEY_ID is required with S3_SECRET_ACCESS_KEY' })
  S3_ACCESS_KEY_ID?: string;

  @TextWith('S3_ACCESS_KEY_ID')
  @IsString({ message: 'S3_SECRET_ACCESS_KEY is required with S3_ACCESS_KEY_ID' })
  S3_SECRET_ACCESS_KEY?: string;

  /** `true` for services that address buckets by path (MinIO, s3rver), not by host name. */
  @Flag({ default: false, message: 'S3_FORCE_PATH_STYLE must be true or false' })
  S3_FORCE_PATH_STYLE: boolean;

  /**
   * The address a CDN or a public bucket serves the uploaded files from (the folder or prefix
   * of STORAGE_URL); the photos' addresses then point there. Without it the site serves them
   * itself at /media/.
   */
  @Text()
  @IsOptional()
  @IsUrl(
    { require_tld: false, protocols: ['http', 'https'], require_protocol: true },
    { message: 'MEDIA_PUBLIC_URL must be a full http:// or https:// address' },
  )
  MEDIA_PUBLIC_URL?: string;

  /** IANA time zone of the artist: "today" for the public shows list is a date there. */
  @Text({ default: 'America/Chicago', blank: 'refused' })
  @IsTimeZone({ message: 'ARTIST_TIMEZONE must be an IANA time zone such as America/Chicago' })
  ARTIST_TIMEZONE: string;

  /** The SMTP server the site sends through; without it emails wait in the outbox, held. */
  @Text()
  @IsOptional()
  @Matches(/^smtps?:\/\/[^\s/?#]+(:\d+)?\/?(\?\S*)?$/, {
    message: 'SMTP_URL must look like smtp://user:pass@host:587 or smtps://user:pass@host:465',
  })
  SMTP_URL?: string;

  /** The From of every email: an address, or `Name <address>`. */
  @Text()
  @IsOptional()
  @Matches(/^([^<>\r\n]*<[^\s<>@]+@[^\s<>@]+>|[^\s<>@]+@[^\s<>@]+)$/, {
    message: 'MAIL_FROM must be an address or Name <address>',
  })
  MAIL_FROM?: string;

  /** Where the artist's alerts of new orders and messages go; none without it. */
  @Text()
  @IsOptional()
  @IsEmail({ require_tld: false }, { message: 'ARTIST_EMAIL must be an email address' })
  ARTIST_EMAIL?: string;

  @Text({ default: 'info', blank: 'refused' })
  @IsIn(LOG_LEVELS)
  LOG_LEVEL: (typeof LOG_LEVELS)[number];

  /**
   * Bearer token of `GET /metrics` (Prometheus). Unset: the endpoint does not exist (404).
   */
  @Text()
  @IsOptional()
  @MinLength(16, { message: 'METRICS_TOKEN must be at least 16 characters long' })
  @Matches(/^[\x21-\x7e]+$/, { message: 'METRICS_TOKEN must be printable ASCII without spaces' })
  METRICS_TOKEN?: string;

  /**
   * `true` serves the OpenAPI document (`/api/docs`, `/api/docs-json`) in production, where it is
   * off (404) because it lists every admin route; outside production it is always served.
   */
  @Flag({ default: false, message: 'API_DOCS must be true or false' })
  API_DOCS: boolean;

  // Per-address abuse limits (counted in the database; see docs/api.md, Protection).
  /** Posts of each public form (contact, newsletter, notify-me) per address and window. */
  @WholeNumber({
    default: 20,
    min: 1,
    message: 'FORM_RATE_LIMIT must be a whole number',
    outOfRange: { min: null },
  })
  FORM_RATE_LIMIT: number;

  /** Checkout sessions created per address and window. */
  @WholeNumber({
    default: 30,
    min: 1,
    message: 'CHECKOUT_RATE_LIMIT must be a whole number',
    outOfRange: { min: null },
  })
  CHECKOUT_RATE_LIMIT: number;

  /**
   * Checks of a checkout session's status (the return from the payment page) per address and
   * minute: each may ask the payment provider, whose own read limit the whole shop shares.
   */
  @WholeNumber({
    default: 60,
    min: 1,
    message: 'SESSION_STATUS_RATE_LIMIT must be a whole number',
    outOfRange: { min: null },
  })
  SESSION_STATUS_RATE_LIMIT: number;

  /** Discount code checks (`POST /api/discounts/check`) per address and RATE_LIMIT_MINUTES. */
  @WholeNumber({
    default: 30,
    min: 1,
    message: 'DISCOUNT_CHECK_RATE_LIMIT must be a whole number',
    outOfRange: { min: null },
  })
  DISCOUNT_CHECK_RATE_LIMIT: number;

  /** Days a release's download link works after it is made (docs/storefront.md, Releases). */
  @WholeNumber({
    default: 14,
    min: 1,
    max: 365,
    message: 'DOWNLOAD_DAYS must be a whole number of days from 1 to 365',
  })
  DOWNLOAD_DAYS: number;

  /** Downloads one link allows (a resumed download counts once). */
  @WholeNumber({
    default: 5,
    min: 1,
    max: 100,
    message: 'DOWNLOAD_LIMIT must be a whole number from 1 to 100',
  })
  DOWNLOAD_LIMIT: number;

  /** The window of FORM_RATE_LIMIT and CHECKOUT_RATE_LIMIT, in minutes. */
  @WholeNumber({
    default: 10,
    min: 1,
    max: 1440,
    message: 'RATE_LIMIT_MINUTES must be a whole number',
    outOfRange: { min: null, max: null },
  })
  RATE_LIMIT_MINUTES: number;

  /**
   * Confirmation and back-in-stock emails (those a stranger's form post can cause) sent by the
   * whole site per clock hour; beyond it they wait in the outbox for a later hour.
   */
  @WholeNumber({
    default: 1000,
    min: 1,
    message: 'CONFIRMATION_EMAILS_PER_HOUR must be a whole number of 1 or more',
  })
  CONFIRMATION_EMAILS_PER_HOUR: number;

  /**
   * Campaign emails sent per second by all instances together (counted in the database); 0 sends
   * as fast as the SMTP server takes them. The default stays under the 14/s Amazon SES starts
   * accounts at.
   */
  @WholeNumber({
    default: 10,
    min: 0,
    message: 'CAMPAIGN_RATE_PER_SECOND must be a whole number of 0 or more',
  })
  CAMPAIGN_RATE_PER_SECOND: number;

  /** Basic-auth user and password of the Postmark webhook (`/api/webhooks/email/postmark`). */
  @Text()
  @IsOptional()
  EMAIL_WEBHOOK_USER?: string;

  @Verbatim()
  EMAIL_WEBHOOK_PASSWORD?: string;

  /** Mailgun's HTTP webhook signing key, for `/api/webhooks/email/mailgun`. */
  @Text()
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
