import { useEffect } from 'react';
import { render } from '@testing-library/react';
import { ConfigProvider } from 'antd';
import { MemoryRouter, useLocation } from 'react-router-dom';
import type { GalleryPhoto, Product, PublicShow } from '@artist/contracts';
import StorefrontApp from '../app/App.js';

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
    variants: (['S', 'M', 'L', 'XL', '2XL'] as const).map((size) => ({
      size,
      available: true,
      left: null,
    })),
  },
  {
    id: 'hat',
    name: 'Trucker Hat',
    description: 'Mesh-back trucker hat.',
    priceInCents: 2500,
    available: false,
    type: 'notify',
    image: null,
    variants: [{ size: null, available: false, left: 0 }],
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

export function show(overrides: Partial<PublicShow> = {}): PublicShow {
  return {
    id: 1,
    date: '2099-06-12',
    venue: 'The Broken Spoke',
    city: 'Austin, TX',
    time: '8:00 PM',
    ageRequirement: '21+',
    soldOut: 'false',
    ticketButtonType: 'free',
    ticketUrl: null,
    ...overrides,
  };
}

/**
 * Replaces `fetch` with a table of answers keyed by 'METHOD /path'. The shows, products and
 * gallery a page load asks for answer with an empty list, the two products and the three built
 * photos unless a test says otherwise.
 */
export function stubApi(routes: Record<string, Route> = {}) {
  const calls: Call[] = [];
  const table: Record<string, Route> = {
    'GET /api/shows': { body: [] },
    'GET /api/products': { body: PRODUCTS },
    'GET /api/gallery': { body: GALLERY },
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

export function renderApp(path = '/') {
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
  window.localStorage.clear();
  jest.mocked(Element.prototype.scrollIntoView).mockClear();
});
