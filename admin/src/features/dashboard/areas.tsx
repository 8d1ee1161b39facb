import type { ComponentType } from 'react';
import type { AdminAreaKey } from '@artist/contracts';
import { ShowsTab } from '../shows/ShowsTab.js';
import { OrdersTab } from '../orders/OrdersTab.js';
import { ProductsTab } from '../products/ProductsTab.js';
import { SalesTab } from '../sales/SalesTab.js';
import { NotifyTab } from '../notify/NotifyTab.js';
import { NewsletterTab } from '../newsletter/NewsletterTab.js';
import { ContactTab } from '../contact/ContactTab.js';
import { EmailsTab } from '../emails/EmailsTab.js';
import { FansTab } from '../fans/FansTab.js';
import { PageTab } from '../page/PageTab.js';
import { PhotosTab } from '../gallery/PhotosTab.js';
import { CampaignsTab } from '../campaigns/CampaignsTab.js';
import { SuppressionsTab } from '../campaigns/SuppressionsTab.js';
import { ShippingTab } from '../shipping/ShippingTab.js';
import { DiscountsTab } from '../discounts/DiscountsTab.js';
import { ReleasesTab } from '../releases/ReleasesTab.js';
import { MembersTab } from '../members/MembersTab.js';

/**
 * What each admin area shows. The navigation's order, labels and groups are ADMIN_AREAS in
 * @artist/contracts; an area listed there needs its view here (the type insists).
 */
export const AREA_VIEWS: Record<AdminAreaKey, ComponentType> = {
  orders: OrdersTab,
  products: ProductsTab,
  releases: ReleasesTab,
  discounts: DiscountsTab,
  shipping: ShippingTab,
  fans: FansTab,
  members: MembersTab,
  newsletter: NewsletterTab,
  campaigns: CampaignsTab,
  suppressions: SuppressionsTab,
  'notify-me': NotifyTab,
  messages: ContactTab,
  shows: ShowsTab,
  page: PageTab,
  photos: PhotosTab,
  sales: SalesTab,
  emails: EmailsTab,
};
