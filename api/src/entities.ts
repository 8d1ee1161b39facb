import { Fan } from './modules/fans/fan.entity.js';
import { GalleryPhotoRecord } from './modules/gallery/gallery-photo.entity.js';
import {
  ProductRecord,
  ProductVariantRecord,
  StockReservation,
} from './modules/catalog/product.entity.js';
import { ChargeEvent } from './modules/checkout/charge-event.entity.js';
import { CheckoutSession } from './modules/checkout/checkout-session.entity.js';
import { CheckoutReminder } from './modules/checkout/checkout-reminder.entity.js';
import { SiteContentRecord } from './modules/content/site-content.entity.js';
import { ContactMessage } from './modules/contact/contact-message.entity.js';
import { User } from './modules/auth/user.entity.js';
import { MailQuota } from './modules/email/mail-quota.entity.js';
import { OutboxEmail } from './modules/email/outbox-email.entity.js';
import { EmailSignup } from './modules/newsletter/email-signup.entity.js';
import { NotifyMe } from './modules/notify/notify-me.entity.js';
import { RateLimitHit } from './modules/rate-limit/rate-limit-hit.entity.js';
import { Order } from './modules/orders/order.entity.js';
import { Show } from './modules/shows/show.entity.js';
import {
  CampaignRecipient,
  CampaignRecord,
  SuppressionRecord,
} from './modules/campaigns/campaign.entity.js';
import {
  ShippingRateRecord,
  ShippingZoneCountry,
  ShippingZoneRecord,
} from './modules/shipping/shipping-zone.entity.js';
import { DiscountCodeRecord, DiscountHold } from './modules/discounts/discount.entity.js';
import { ReleaseFileRecord } from './modules/catalog/release-file.entity.js';
import { DownloadLinkRecord, DownloadRecordRow } from './modules/releases/download.entity.js';
import { DownloadCode, DownloadCodeBatch } from './modules/releases/download-code.entity.js';

/**
 * The modules' entities, for a data source opened outside the app (`dataSourceOptions`): the
 * command-line tools and tests. In the app each module registers its own; a test checks that both
 * come to the same tables.
 */
export const entities = [
  Show,
  User,
  RateLimitHit,
  ContactMessage,
  EmailSignup,
  NotifyMe,
  Order,
  CheckoutSession,
  CheckoutReminder,
  ChargeEvent,
  OutboxEmail,
  MailQuota,
  ProductRecord,
  ProductVariantRecord,
  StockReservation,
  Fan,
  GalleryPhotoRecord,
  SiteContentRecord,
  CampaignRecord,
  CampaignRecipient,
  SuppressionRecord,
  ShippingZoneRecord,
  ShippingZoneCountry,
  ShippingRateRecord,
  DiscountCodeRecord,
  DiscountHold,
  ReleaseFileRecord,
  DownloadLinkRecord,
  DownloadRecordRow,
  DownloadCodeBatch,
  DownloadCode,
];
