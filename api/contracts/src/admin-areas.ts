/**
 * The admin's areas, in the order of its side navigation, each at `/admin/<key>`: the dashboard
 * draws its navigation from this list and the API serves the shell's page at each address, so an
 * area's link survives a reload. Areas of one `group` are listed together under its name; an area
 * alone in a group of its own name (Shows) stands without a heading. Adding an area is one entry
 * here and its view in the dashboard (admin/src/features/dashboard/areas.tsx).
 */
export const ADMIN_AREAS = [
  { key: 'orders', label: 'Orders', group: 'Sell' },
  { key: 'products', label: 'Products', group: 'Sell' },
  { key: 'releases', label: 'Releases', group: 'Sell' },
  { key: 'discounts', label: 'Discounts', group: 'Sell' },
  { key: 'shipping', label: 'Shipping', group: 'Sell' },
  { key: 'fans', label: 'Fans', group: 'Fans' },
  { key: 'members', label: 'Members', group: 'Fans' },
  { key: 'newsletter', label: 'Newsletter', group: 'Fans' },
  { key: 'campaigns', label: 'Campaigns', group: 'Fans' },
  { key: 'suppressions', label: 'Suppressions', group: 'Fans' },
  { key: 'notify-me', label: 'Notify-me', group: 'Fans' },
  { key: 'messages', label: 'Messages', group: 'Fans' },
  { key: 'shows', label: 'Shows', group: 'Shows' },
  { key: 'page', label: 'Page', group: 'Site' },
  { key: 'photos', label: 'Photos', group: 'Site' },
  { key: 'sales', label: 'Sales', group: 'Reports' },
  { key: 'emails', label: 'Emails', group: 'Reports' },
] as const satisfies readonly { key: string; label: string; group: string }[];

export type AdminArea = (typeof ADMIN_AREAS)[number];
export type AdminAreaKey = AdminArea['key'];

/** The area `/admin` opens on. */
export const DEFAULT_ADMIN_AREA: AdminAreaKey = 'shows';

/** The address of an admin area. */
export const adminAreaPath = (key: AdminAreaKey) => `/admin/${key}`;

/**
 * Areas as the dashboard's `?tab=` parameter named them before each had its own address, where
 * the name differs: old links and bookmarks (`/admin?tab=contact&status=new`) still arrive.
 */
export const LEGACY_ADMIN_TABS: Readonly<Record<string, AdminAreaKey>> = { contact: 'messages' };
