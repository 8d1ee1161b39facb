import { useEffect } from 'react';
import { render } from '@testing-library/react';
import { ConfigProvider } from 'antd';
import { MemoryRouter, useLocation } from 'react-router-dom';
import {
  GALLERY_PHOTOS_ID,
  SITE_CONTENT_ID,
  type GalleryPhoto,
  type Product,
  type PublicShow,
  type SiteContent,
} from '@artist/contracts';
import StorefrontApp from '../app/App.js';
import { loadSitePages } from '../app/sitePagesChunk.js';
import { loadStoreRuntime } from '../app/storeRuntimeChunk.js';
import { loadLaterSections } from '../features/home/laterSectionsChunk.js';

// The home page's later sections, the store and the other pages are chunks of their own that a
// browser loads when they are needed; the tests render the whole page after the first render, as
// a page that already has them.
beforeAll(() => Promise.all([loadLaterSections(), loadStoreRuntime(), loadSitePages()]));

export interface Reply {
  status?: number;
  statusText?: string;
  body?: unknown;
  /** Raw body text, for answers that are not JSON. */
  text?: string;
}

export interface Call {
  method: string;
  url: string;
  init: RequestInit | undefined;
  body: unknown;
}

type Route = Reply | ((call: Call) => Reply | Promise<Reply>);

export const PRODUCTS: Product[] = [
  {
    id: 'tshirt',
    name: 'Wren Calloway T-Shirt',
    description: 'Soft cotton tee with the tour artwork.',
    priceInCents: 2500,
    available: true,
    sizes: ['S', 'M', 'L', 'XL', '2XL'],
    type: 'purchase',
    image: '/assets/tshirt.webp',
    photo: null,
    images: ['/assets/tshirt.webp'],
    cover: null,
    preOrderUntil: null,
    variants: (['S', 'M', 'L', 'XL', '2XL'] as const).map((size) => ({
      size,
      available: true,
      left: null,
    })),
    kind: 'physical',
    pricing: 'fixed',
    minPriceCents: null,
    tracks: [],
  },
  {
    id: 'hat',
    name: 'Trucker Hat',
    description: 'Mesh-back trucker hat.',
    priceInCents: 2500,
    available: false,
    type: 'notify',
    image: null,
    photo: null,
    images: [],
    cover: null,
    preOrderUntil: null,
    variants: [{ size: null, available: false, left: 0 }],
    kind: 'physical',
    pricing: 'fixed',
    minPriceCents: null,
    tracks: [],
  },
];

/** The gallery as the API starts it: the three built photos, WebP only. */
export const GALLERY: GalleryPhoto[] = [
  ['live-stage', 'Wren Calloway singing under two spotlights on a dark stage'],
  ['studio-session', 'An acoustic guitar and amplifier in a wood-panelled recording studio'],
  ['on-the-road', 'The tour van on an empty highway at sunset between shows'],
].map(([name, alt], index) => ({
  id: index + 1,
  alt: alt!,
  medium: { webp: `/gallery-optimized/${name}-medium.webp`, avif: null, width: 600, height: 400 },
  full: { webp: `/gallery-optimized/${name}-full.webp`, avif: null, width: 1600, height: 1067 },
}));
/** The artist's content as a test page carries it. */
export const SITE_CONTENT: SiteContent = {
  tagline: 'Singer • Songwriter • Musician',
  bio: 'Grew up on a pecan farm.\n\nPlayed every dance hall in the Hill Country.\n\nTours with a fiddle.',
  featured: {
    title: 'Porch Light',
    spotifyUrl: 'https://open.spotify.com/track/5wRenPorchLight0000001',
    appleMusicUrl: '',
    youtubeUrl: '',
  },
  tracks: [
    {
      title: 'Gravel Roads & Gospel',
      spotifyUrl: 'https://open.spotify.com/track/5wRenGravelRoads000002',
      appleMusicUrl: 'https://music.apple.com/us/album/gravel-roads/1712345000',
      youtubeUrl: '',
    },
    {
      title: 'Dance Hall Saturday',
      spotifyUrl: 'https://open.spotify.com/track/5wRenDanceHall00000003',
      appleMusicUrl: '',
      youtubeUrl: 'https://www.youtube.com/watch?v=dancehall',
    },
  ],
  socialLinks: [
    { label: 'Spotify', url: 'https://open.spotify.com/artist/5wRenCallowayArtist001' },
    { label: 'Apple Music', url: 'https://music.apple.com/us/artist/wren-calloway/1712345678' },
    { label: 'Facebook', url: 'https://www.facebook.com/wrencallowaymusic' },
    { label: 'Instagram', url: 'https://www.instagram.com/wrencallowaymusic' },
    { label: 'YouTube', url: 'https://www.youtube.com/@wrencallowaymusic' },
    { label: 'TikTok', url: 'https://www.tiktok.com/@wrencallowaymusic' },
  ],
  pressKitUrl: 'https://wrencalloway.example/press-kit',
  contacts: [
    { label: 'Booking', email: 'booking@wrencalloway.example' },
    { label: 'General', email: 'hello@wrencalloway.example' },
    { label: 'Press', email: 'press@wrencalloway.example' },
  ],
  pages: {
    shipping: 'Orders leave within three business days.\n\nA flat $5 within the US.',
    returns: 'Send it back within 30 days, unworn.',
    privacy: 'We keep your orders, signups and messages.',
  },
  postalAddress: '',
};

export function show(overrides: Partial<PublicShow> = {}): PublicShow {
  return {
    id: 1,
    date: '2099-06-12',
    venue: 'The Broken Spoke',
    city: 'Austin, TX',
    time: '8:00 PM',
    ageRequirement: '21+',
    timeZone: 'America/Chicago',
    soldOut: 'false',
    ticketButtonType: 'free',
    ticketUrl: null,
    ...overrides,
  };
}

/**
 * Replaces `fetch` with a table of answers keyed by 'METHOD /path'. The shows, products and
 * gallery a page load asks for answer with an empty list, the two products and the three built
 * photos, and checkout is not in test mode, unless a test says otherwise.
 */
/** The rates of the stubbed shop: one in the United States, two in the United Kingdom. */
export function shippingQuote({ country }: { country: string }): Reply {
  if (country === 'US') {
    return {
      body: { rates: [{ id: 1, name: 'Standard shipping', amountCents: 500, deliveryDays: null }] },
    };
  }
  if (country === 'GB') {
    return {
      body: {
        rates: [
          { id: 2, name: 'Standard', amountCents: 900, deliveryDays: '5-10' },
          { id: 3, name: 'Express', amountCents: 2000, deliveryDays: '2-3' },
        ],
      },
    };
  }
  return {
    status: 422,
    body: { statusCode: 422, message: `Sorry, we do not ship to ${country} yet.` },
  };
}

interface DiscountCheckBody {
  code: string;
  country: string;
  items: { quantity: number }[];
  shippingRateId?: number;
}

/** The stubbed shop's one code, TOUR10: 10% off the $25.00 items. */
export function discountCheck({ code, country, items, shippingRateId }: DiscountCheckBody): Reply {
  if (code !== 'TOUR10') {
    return { status: 422, body: { statusCode: 422, message: 'This code has expired.' } };
  }
  const quote = shippingQuote({ country }).body as { rates: { id: number; amountCents: number }[] };
  const rate = quote.rates.find((r) => r.id === shippingRateId) ?? quote.rates[0]!;
  const subtotalCents = items.reduce((sum, item) => sum + 2500 * item.quantity, 0);
  const discountCents = subtotalCents / 10;
  return {
    body: {
      subtotalCents,
      discountCents,
      shippingCents: rate.amountCents,
      totalCents: subtotalCents - discountCents + rate.amountCents,
    },
  };
}

export function stubApi(routes: Record<string, Route> = {}) {
  const calls: Call[] = [];
  const table: Record<string, Route> = {
    'GET /api/shows': { body: [] },
    'GET /api/products': { body: PRODUCTS },
    'GET /api/gallery': { body: GALLERY },
    'GET /api/content': { body: SITE_CONTENT },
    'GET /api/shipping/countries': {
      body: {
        countries: ['GB', 'US'],
        shipsTo: 'Ships to the United Kingdom and the United States',
      },
    },
    'POST /api/shipping/quote': ({ body }) => shippingQuote(body as { country: string }),
    'POST /api/discounts/check': ({ body }) => discountCheck(body as DiscountCheckBody),
    'GET /api/checkout/mode': { body: { testMode: false } },
    'GET /api/redeem': { body: { codesLive: false } },
    'GET /api/membership-tiers': { body: [] },
    ...routes,
  };
  const fetchMock = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    const method = init?.method ?? 'GET';
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    const call = { method, url, init, body };
    calls.push(call);
    const route = table[`${method} ${url}`];
    if (!route) throw new TypeError(`No stubbed answer for ${method} ${url}`);
    const reply = typeof route === 'function' ? await route(call) : route;
    const text = reply.text ?? (reply.body === undefined ? '' : JSON.stringify(reply.body));
    return new Response(text, {
      status: reply.status ?? 200,
      statusText: reply.statusText,
      headers: text && reply.text === undefined ? { 'Content-Type': 'application/json' } : {},
    });
  });
  globalThis.fetch = fetchMock as typeof fetch;
  return { calls, fetchMock };
}

/** A promise a test resolves when it chooses, to hold a request pending. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

/** The router's address as the app last set it. */
export const currentLocation = { path: '' };

function LocationProbe() {
  const { pathname, search } = useLocation();
  useEffect(() => {
    currentLocation.path = `${pathname}${search}`;
  }, [pathname, search]);
  return null;
}

/**
 * antd's open and close animations wait for transition events jsdom never fires, then for a
 * fallback timer: without motion a dialog appears and leaves at once, as with reduced motion.
 */
export const NO_MOTION = { token: { motion: false } };

/**
 * Renders the storefront at `path`. Like a page the API served, the page carries the content
 * (`#site-content`) unless `content` is null, as on a page the API did not make; it carries the
 * gallery (`#gallery-photos`) only when `gallery` is given, so the gallery is asked for.
 */
export function renderApp(
  path = '/',
  {
    content = SITE_CONTENT,
    gallery = null,
  }: { content?: SiteContent | null; gallery?: GalleryPhoto[] | null } = {},
) {
  for (const [id, data] of [
    [SITE_CONTENT_ID, content],
    [GALLERY_PHOTOS_ID, gallery],
  ] as const) {
    if (!data) continue;
    const script = document.createElement('script');
    script.type = 'application/json';
    script.id = id;
    script.textContent = JSON.stringify(data);
    document.head.append(script);
  }
  return render(
    <ConfigProvider theme={NO_MOTION}>
      <MemoryRouter initialEntries={[path]}>
        <StorefrontApp />
        <LocationProbe />
      </MemoryRouter>
    </ConfigProvider>,
  );
}

beforeAll(() => {
  Element.prototype.scrollIntoView = jest.fn();
});

beforeEach(() => {
  document.getElementById(SITE_CONTENT_ID)?.remove();
  document.getElementById(GALLERY_PHOTOS_ID)?.remove();
  window.localStorage.clear();
  jest.mocked(Element.prototype.scrollIntoView).mockClear();
});
