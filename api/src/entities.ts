import { ACCOUNTS_ENTITIES } from './modules/accounts/index.js';
import { AUTH_ENTITIES } from './modules/auth/index.js';
import { CAMPAIGNS_ENTITIES } from './modules/campaigns/index.js';
import { CATALOG_ENTITIES } from './modules/catalog/index.js';
import { CHECKOUT_ENTITIES } from './modules/checkout/index.js';
import { CONTACT_ENTITIES } from './modules/contact/index.js';
import { CONTENT_ENTITIES } from './modules/content/index.js';
import { DEPLOY_ENTITIES } from './modules/deploy/index.js';
import { DISCOUNTS_ENTITIES } from './modules/discounts/index.js';
import { EMAIL_ENTITIES } from './modules/email/index.js';
import { FANS_ENTITIES } from './modules/fans/index.js';
import { GALLERY_ENTITIES } from './modules/gallery/index.js';
import { MEMBERSHIPS_ENTITIES } from './modules/memberships/index.js';
import { PRESALES_ENTITIES } from './modules/presales/index.js';
import { NEWSLETTER_ENTITIES } from './modules/newsletter/index.js';
import { NOTIFY_ENTITIES } from './modules/notify/index.js';
import { ORDERS_ENTITIES } from './modules/orders/index.js';
import { RATE_LIMIT_ENTITIES } from './modules/rate-limit/index.js';
import { RELEASES_ENTITIES } from './modules/releases/index.js';
import { SALES_ENTITIES } from './modules/sales/index.js';
import { SHIPPING_ENTITIES } from './modules/shipping/index.js';
import { SHOWS_ENTITIES } from './modules/shows/index.js';

/**
 * The modules' entities, for a data source opened outside the app (`dataSourceOptions`): the
 * command-line tools and tests. Each module declares the tables it owns beside its
 * `TypeOrmModule.forFeature`; a test checks that this list and the app's come to the same tables.
 */
export const entities = [
  ...ACCOUNTS_ENTITIES,
  ...AUTH_ENTITIES,
  ...CAMPAIGNS_ENTITIES,
  ...CATALOG_ENTITIES,
  ...CHECKOUT_ENTITIES,
  ...CONTACT_ENTITIES,
  ...CONTENT_ENTITIES,
  ...DEPLOY_ENTITIES,
  ...DISCOUNTS_ENTITIES,
  ...EMAIL_ENTITIES,
  ...FANS_ENTITIES,
  ...GALLERY_ENTITIES,
  ...MEMBERSHIPS_ENTITIES,
  ...PRESALES_ENTITIES,
  ...NEWSLETTER_ENTITIES,
  ...NOTIFY_ENTITIES,
  ...ORDERS_ENTITIES,
  ...RATE_LIMIT_ENTITIES,
  ...RELEASES_ENTITIES,
  ...SALES_ENTITIES,
  ...SHIPPING_ENTITIES,
  ...SHOWS_ENTITIES,
];
