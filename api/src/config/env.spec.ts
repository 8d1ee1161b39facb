import { InvalidEnvironmentError, loadConfig } from './env.js';

describe('loadConfig', () => {
  it('needs nothing outside production: SQLite under data/, port 3000, a generated session secret', () => {
    const config = loadConfig({}, '/srv/site');
    expect(config.database).toEqual({ type: 'sqlite', file: '/srv/site/data/artist.sqlite' });
    expect(config.port).toBe(3000);
    expect(config.publicUrl).toBe('http://localhost:3000');
    expect(config.sessionSecret).toHaveLength(64);
    expect(config.secureCookies).toBe(false);
    expect(config.timeZone).toBe('America/Chicago');
  });

  it('limits each public form to 20 posts and checkout to 30 sessions per 10 minutes, and status checks to 60 a minute, by default', () => {
    expect(loadConfig({}, '/').rateLimits).toEqual({
      forms: { max: 20, windowMs: 600_000 },
      checkout: { max: 30, windowMs: 600_000 },
      sessionStatus: { max: 60, windowMs: 60_000 },
      discountCheck: { max: 30, windowMs: 600_000 },
    });
    expect(
      loadConfig(
        {
          FORM_RATE_LIMIT: '5',
          CHECKOUT_RATE_LIMIT: '7',
          RATE_LIMIT_MINUTES: '2',
          SESSION_STATUS_RATE_LIMIT: '9',
          DISCOUNT_CHECK_RATE_LIMIT: '4',
        },
        '/',
      ).rateLimits,
    ).toEqual({
      forms: { max: 5, windowMs: 120_000 },
      checkout: { max: 7, windowMs: 120_000 },
      sessionStatus: { max: 9, windowMs: 60_000 },
      discountCheck: { max: 4, windowMs: 120_000 },
    });
  });

  it('takes the artist time zone from ARTIST_TIMEZONE', () => {
    expect(loadConfig({ ARTIST_TIMEZONE: 'Europe/Dublin' }, '/').timeZone).toBe('Europe/Dublin');
  });

  it('picks MySQL from a mysql:// DATABASE_URL', () => {
    const config = loadConfig({ DATABASE_URL: 'mysql://u:p@db:3306/site' }, '/srv');
    expect(config.database).toEqual({ type: 'mysql', url: 'mysql://u:p@db:3306/site' });
  });

  it('uses secure cookies when PUBLIC_URL is https', () => {
    expect(
      loadConfig({ PUBLIC_URL: 'https://example.com/', TRUST_PROXY: '1' }, '/').secureCookies,
    ).toBe(true);
  });

  it('uses the test payment provider (no Stripe settings) outside production without a key', () => {
    expect(loadConfig({}, '/').stripe).toBeUndefined();
    expect(loadConfig({}, '/').payments).toBe('test');
  });

  it.each([
    'http://localhost:4000',
    'http://127.0.0.9:80',
    'http://[::1]:3000',
    'http://a.localhost',
  ])('uses the test payment provider without a key on the loopback PUBLIC_URL %s', (url) => {
    expect(loadConfig({ PUBLIC_URL: url }, '/').payments).toBe('test');
  });

  it.each(['https://shop.example.com', 'http://192.168.1.5:3000', 'http://localhost.example.com'])(
    'switches payments off without a key on the public PUBLIC_URL %s',
    (url) => {
      expect(loadConfig({ PUBLIC_URL: url, TRUST_PROXY: '1' }, '/').payments).toBe('off');
    },
  );

  it('switches payments off in production without a key, even on a loopback PUBLIC_URL, and still starts', () => {
    const production = { NODE_ENV: 'production', SESSION_SECRET: 'x'.repeat(32) };
    expect(loadConfig({ ...production, PUBLIC_URL: 'http://127.0.0.1:3000' }, '/').payments).toBe(
      'off',
    );
  });

  it('uses the test payment provider on any address when PAYMENT_PROVIDER=test', () => {
    expect(
      loadConfig(
        { PUBLIC_URL: 'https://shop.example.com', TRUST_PROXY: '1', PAYMENT_PROVIDER: 'test' },
        '/',
      ).payments,
    ).toBe('test');
  });

  it('prefers Stripe whenever a key is set', () => {
    const stripe = { STRIPE_SECRET_KEY: 'sk_test_abc', STRIPE_WEBHOOK_SECRET: 'whsec_abc' };
    expect(loadConfig({ ...stripe, PAYMENT_PROVIDER: 'test' }, '/').payments).toBe('stripe');
  });

  it('reads the Stripe settings, STRIPE_API_URL included', () => {
    const config = loadConfig(
      {
        NODE_ENV: 'production',
        PUBLIC_URL: 'https://shop.example',
        TRUST_PROXY: '1',
        SESSION_SECRET: 'x'.repeat(32),
        STRIPE_SECRET_KEY: 'sk_live_abc',
        STRIPE_WEBHOOK_SECRET: 'whsec_abc',
        STRIPE_API_URL: 'http://127.0.0.1:12111',
      },
      '/',
    );
    expect(config.stripe).toEqual({
      secretKey: 'sk_live_abc',
      webhookSecret: 'whsec_abc',
      apiUrl: 'http://127.0.0.1:12111',
      automaticTax: false,
    });
  });

  it('turns on Stripe Tax with STRIPE_AUTOMATIC_TAX=true and waits an hour before a checkout reminder by default', () => {
    const stripe = { STRIPE_SECRET_KEY: 'sk_test_abc', STRIPE_WEBHOOK_SECRET: 'whsec_abc' };
    expect(loadConfig(stripe, '/').stripe?.automaticTax).toBe(false);
    expect(loadConfig({ ...stripe, STRIPE_AUTOMATIC_TAX: 'true' }, '/').stripe?.automaticTax).toBe(
      true,
    );
    expect(loadConfig({}, '/').checkoutReminderDelayMinutes).toBe(60);
    expect(
      loadConfig({ CHECKOUT_REMINDER_DELAY_MINUTES: '0' }, '/').checkoutReminderDelayMinutes,
    ).toBe(0);
  });

  it("holds emails (no SMTP_URL) and sends them from the artist at PUBLIC_URL's host by default", () => {
    const config = loadConfig({ PUBLIC_URL: 'https://wrencalloway.com', TRUST_PROXY: '1' }, '/');
    expect(config.mail).toEqual({
      smtpUrl: undefined,
      from: { name: 'Wren Calloway', address: 'wren@wrencalloway.com' },
      artistEmail: undefined,
      confirmationsPerHour: 1000,
      campaignRatePerSecond: 10,
      webhooks: { basicAuth: undefined, mailgunSigningKey: undefined },
    });
  });

  it('reads SMTP_URL, MAIL_FROM and ARTIST_EMAIL', () => {
    const config = loadConfig(
      {
        SMTP_URL: 'smtps://user:p%40ss@mail.example.com:465',
        MAIL_FROM: '"Wren\'s Shop" <shop@example.com>',
        ARTIST_EMAIL: 'wren@example.com',
      },
      '/',
    );
    expect(config.mail).toEqual({
      smtpUrl: 'smtps://user:p%40ss@mail.example.com:465',
      from: { name: "Wren's Shop", address: 'shop@example.com' },
      artistEmail: 'wren@example.com',
      confirmationsPerHour: 1000,
      campaignRatePerSecond: 10,
      webhooks: { basicAuth: undefined, mailgunSigningKey: undefined },
    });
    expect(loadConfig({ CONFIRMATION_EMAILS_PER_HOUR: '50' }, '/').mail.confirmationsPerHour).toBe(
      50,
    );
    expect(loadConfig({ MAIL_FROM: 'shop@example.com' }, '/').mail.from).toEqual({
      name: 'Wren Calloway',
      address: 'shop@example.com',
    });
  });

  it.each([
    [{ SMTP_URL: 'http://mail.example.com' }, 'SMTP_URL'],
    [{ SMTP_URL: 'smtp://' }, 'SMTP_URL'],
    [{ MAIL_FROM: 'not an address' }, 'MAIL_FROM'],
    [{ ARTIST_EMAIL: 'wren' }, 'ARTIST_EMAIL'],
    [{ PORT: 'eighty' }, 'PORT'],
    [{ DATABASE_URL: 'postgres://x' }, 'DATABASE_URL'],
    [{ NODE_ENV: 'production' }, 'SESSION_SECRET'],
    [{ PAYMENT_PROVIDER: 'stripe' }, 'PAYMENT_PROVIDER'],
    [{ STRIPE_SECRET_KEY: 'pk_test_abc', STRIPE_WEBHOOK_SECRET: 'whsec_abc' }, 'STRIPE_SECRET_KEY'],
    [{ PUBLIC_URL: 'not a url' }, 'PUBLIC_URL'],
    [{ STRIPE_SECRET_KEY: 'sk_test_abc' }, 'STRIPE_WEBHOOK_SECRET'],
    [{ ARTIST_TIMEZONE: 'Mars/Olympus_Mons' }, 'ARTIST_TIMEZONE'],
    [{ NODE_ENV: 'production', SESSION_SECRET: 'x'.repeat(32) }, 'PUBLIC_URL'],
    [{ PUBLIC_URL: 'https://shop.example' }, 'TRUST_PROXY'],
    [{ PUBLIC_URL: 'https://shop.example', TRUST_PROXY: 'false' }, 'TRUST_PROXY'],
    [{ PUBLIC_URL: 'https://shop.example', TRUST_PROXY: '0' }, 'TRUST_PROXY'],
    [{ TRUST_PROXY: 'true' }, 'TRUST_PROXY'],
    [{ TRUST_PROXY: ' TRUE ' }, 'TRUST_PROXY'],
    [{ FORM_RATE_LIMIT: 'lots' }, 'FORM_RATE_LIMIT'],
    [{ CHECKOUT_RATE_LIMIT: '0' }, 'CHECKOUT_RATE_LIMIT'],
    [{ RATE_LIMIT_MINUTES: '1.5' }, 'RATE_LIMIT_MINUTES'],
    [{ CONFIRMATION_EMAILS_PER_HOUR: '0' }, 'CONFIRMATION_EMAILS_PER_HOUR'],
    [{ CONFIRMATION_EMAILS_PER_HOUR: 'many' }, 'CONFIRMATION_EMAILS_PER_HOUR'],
    [{ SESSION_STATUS_RATE_LIMIT: '0' }, 'SESSION_STATUS_RATE_LIMIT'],
    [{ STRIPE_AUTOMATIC_TAX: 'yes' }, 'STRIPE_AUTOMATIC_TAX'],
    [{ API_DOCS: 'yes' }, 'API_DOCS'],
    [{ CHECKOUT_REMINDER_DELAY_MINUTES: '-1' }, 'CHECKOUT_REMINDER_DELAY_MINUTES'],
    [{ CHECKOUT_REMINDER_DELAY_MINUTES: 'soon' }, 'CHECKOUT_REMINDER_DELAY_MINUTES'],
  ])('refuses %p with a message naming %s', (env, name) => {
    expect(() => loadConfig(env, '/')).toThrow(InvalidEnvironmentError);
    expect(() => loadConfig(env, '/')).toThrow(new RegExp(`\\b${name}\\b`));
  });

  it('serves the API docs outside production, and in production only with API_DOCS=true', () => {
    const production = {
      NODE_ENV: 'production',
      PUBLIC_URL: 'https://shop.example.com',
      TRUST_PROXY: '1',
      SESSION_SECRET: 'p'.repeat(32),
    };
    expect(loadConfig({}, '/').apiDocs).toBe(true);
    expect(loadConfig(production, '/').apiDocs).toBe(false);
    expect(loadConfig({ ...production, API_DOCS: 'false' }, '/').apiDocs).toBe(false);
    expect(loadConfig({ ...production, API_DOCS: 'true' }, '/').apiDocs).toBe(true);
  });

  it('explains each production setting that cannot work', () => {
    expect(() =>
      loadConfig({ NODE_ENV: 'production', SESSION_SECRET: 'x'.repeat(32) }, '/'),
    ).toThrow(/PUBLIC_URL is required in production/);
    expect(() => loadConfig({ PUBLIC_URL: 'https://shop.example' }, '/')).toThrow(
      /TRUST_PROXY is required when PUBLIC_URL is https:\/\//,
    );
    expect(() => loadConfig({ TRUST_PROXY: 'true' }, '/')).toThrow(
      /TRUST_PROXY=true trusts every hop/,
    );
  });

  it('lets download links work 14 days and 5 downloads unless DOWNLOAD_DAYS and DOWNLOAD_LIMIT say', () => {
    expect(loadConfig({}, '/').downloads).toEqual({ days: 14, limit: 5 });
    expect(loadConfig({ DOWNLOAD_DAYS: '30', DOWNLOAD_LIMIT: '3' }, '/').downloads).toEqual({
      days: 30,
      limit: 3,
    });
    expect(() => loadConfig({ DOWNLOAD_DAYS: '0' }, '/')).toThrow(
      /DOWNLOAD_DAYS must be a whole number of days from 1 to 365/,
    );
    expect(() => loadConfig({ DOWNLOAD_LIMIT: 'many' }, '/')).toThrow(
      /DOWNLOAD_LIMIT must be a whole number from 1 to 100/,
    );
  });

  it('takes the default of a setting left empty, but refuses an empty NODE_ENV, LOG_LEVEL or ARTIST_TIMEZONE', () => {
    const stripe = { STRIPE_SECRET_KEY: 'sk_test_abc', STRIPE_WEBHOOK_SECRET: 'whsec_abc' };
    const config = loadConfig(
      { ...stripe, PORT: '', FORM_RATE_LIMIT: '', STRIPE_AUTOMATIC_TAX: '', ADMIN_REMOTE_URL: ' ' },
      '/',
    );
    expect(config.port).toBe(3000);
    expect(config.rateLimits.forms.max).toBe(20);
    expect(config.stripe?.automaticTax).toBe(false);
    expect(config.remotes.admin).toBe('/remotes/admin/mf-manifest.json');
    expect(() => loadConfig({ NODE_ENV: '' }, '/')).toThrow(
      /NODE_ENV: NODE_ENV must be one of the following values: development, production, test/,
    );
    expect(() => loadConfig({ LOG_LEVEL: ' ' }, '/')).toThrow(/LOG_LEVEL: LOG_LEVEL must be one/);
    expect(() => loadConfig({ ARTIST_TIMEZONE: '' }, '/')).toThrow(
      /ARTIST_TIMEZONE: ARTIST_TIMEZONE must be an IANA time zone such as America\/Chicago/,
    );
  });

  it('trims settings but keeps EMAIL_WEBHOOK_PASSWORD as given', () => {
    const config = loadConfig(
      { EMAIL_WEBHOOK_USER: ' postmark ', EMAIL_WEBHOOK_PASSWORD: ' pass word ' },
      '/',
    );
    expect(config.mail.webhooks.basicAuth).toEqual({ user: 'postmark', password: ' pass word ' });
  });

  it('names each bound a number setting is outside of', () => {
    expect(() => loadConfig({ PORT: '70000' }, '/')).toThrow(
      /PORT: PORT must not be greater than 65535/,
    );
    expect(() => loadConfig({ CHECKOUT_REMINDER_DELAY_MINUTES: '10081' }, '/')).toThrow(
      /CHECKOUT_REMINDER_DELAY_MINUTES must be at most 10080 \(a week\)/,
    );
    expect(() => loadConfig({ RATE_LIMIT_MINUTES: '0' }, '/')).toThrow(
      /RATE_LIMIT_MINUTES: RATE_LIMIT_MINUTES must not be less than 1/,
    );
  });

  it('accepts an https PUBLIC_URL behind a proxy named by hop count or address', () => {
    for (const TRUST_PROXY of ['1', '10.0.0.2', 'loopback, 172.16.0.0/12']) {
      const config = loadConfig({ PUBLIC_URL: 'https://shop.example', TRUST_PROXY }, '/');
      expect(config.secureCookies).toBe(true);
      expect(config.trustProxy).toBe(TRUST_PROXY === '1' ? 1 : TRUST_PROXY);
    }
    expect(loadConfig({ PUBLIC_URL: 'http://localhost:3000' }, '/').trustProxy).toBe(false);
  });

  it('keeps uploads under data/uploads beside the database, or where UPLOADS_DIR says', () => {
    expect(loadConfig({}, '/srv/site').uploadsDir).toBe('/srv/site/data/uploads');
    expect(loadConfig({ UPLOADS_DIR: 'media' }, '/srv/site').uploadsDir).toBe('/srv/site/media');
    expect(loadConfig({ UPLOADS_DIR: '/var/lib/site' }, '/srv/site').uploadsDir).toBe(
      '/var/lib/site',
    );
  });

  it('refuses an UPLOADS_DIR inside a build output, which the next build would replace', () => {
    for (const dir of ['storefront/dist', 'storefront/dist/uploads', '/srv/site/api/dist/up']) {
      expect(() => loadConfig({ UPLOADS_DIR: dir }, '/srv/site')).toThrow(
        /UPLOADS_DIR: .* is inside the build output/,
      );
    }
    expect(() => loadConfig({ UPLOADS_DIR: 'storefront/distant' }, '/srv/site')).not.toThrow();
    expect(() =>
      loadConfig({ UPLOADS_DIR: '/web/admin/dist', WEB_ROOT: '/web' }, '/srv/site'),
    ).toThrow(InvalidEnvironmentError);
  });
});
