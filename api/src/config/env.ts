import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { plainToInstance, Transform } from 'class-transformer';
import {
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

  @trimmed()
  @IsOptional()
  @IsUrl({ require_tld: false, protocols: ['http', 'https'], require_protocol: true })
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

  /** Express `trust proxy`: a hop count, or a list of addresses/subnets of the proxies. */
  @trimmed()
  @IsOptional()
  @Matches(/^(\d+|true|false|[\w.:/, -]+)$/, {
    message: 'TRUST_PROXY must be a hop count or a list of proxy addresses',
  })
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

  /** IANA time zone of the artist: "today" for the public shows list is a date there. */
  @trimmed()
  @IsTimeZone({ message: 'ARTIST_TIMEZONE must be an IANA time zone such as America/Chicago' })
  ARTIST_TIMEZONE = 'America/Chicago';

  @trimmed()
  @IsIn(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
  LOG_LEVEL = 'info';
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
  secureCookies: boolean;
  database: { type: 'sqlite'; file: string } | { type: 'mysql'; url: string };
  sessionSecret: string;
  adminPassword?: string;
  stripe?: { secretKey: string; webhookSecret: string; apiUrl?: string };
  /** Where checkout goes: Stripe, the built-in test provider, or nowhere (503). */
  payments: 'stripe' | 'test' | 'off';
  trustProxy: boolean | number | string;
  remotes: { storefront: string; admin: string };
  webRoot: string;
  logLevel: string;
  /** IANA time zone of the artist (ARTIST_TIMEZONE). */
  timeZone: string;
}

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
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/+$/, '');
  const dbUrl = env.DATABASE_URL;
  const database: AppConfig['database'] =
    dbUrl && /^(mysql|mariadb):/.test(dbUrl)
      ? { type: 'mysql', url: dbUrl }
      : {
          type: 'sqlite',
          file: dbUrl
            ? dbUrl.replace(/^sqlite:(\/\/)?/, '')
            : path.join(root, 'data', 'artist.sqlite'),
        };
  return {
    production,
    port,
    publicUrl,
    secureCookies: publicUrl.startsWith('https://'),
    database,
    // Outside production a per-process secret is fine: sessions simply end at restart.
    sessionSecret: env.SESSION_SECRET ?? randomBytes(32).toString('hex'),
    adminPassword: env.ADMIN_PASSWORD,
    stripe: env.STRIPE_SECRET_KEY
      ? {
          secretKey: env.STRIPE_SECRET_KEY,
          webhookSecret: env.STRIPE_WEBHOOK_SECRET!,
          apiUrl: env.STRIPE_API_URL,
        }
      : undefined,
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
    webRoot: env.WEB_ROOT ? path.resolve(root, env.WEB_ROOT) : root,
    logLevel: env.LOG_LEVEL,
    timeZone: env.ARTIST_TIMEZONE,
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

function parseTrustProxy(value: string | undefined): boolean | number | string {
  if (value === undefined || value === 'false') return false;
  if (value === 'true') return true;
  return /^\d+$/.test(value) ? Number(value) : value;
}
