import { STATUS_CODES } from 'node:http';
import { render } from '@testing-library/react';
import { StyleProvider, type Transformer } from '@ant-design/cssinjs';
import { ConfigProvider } from 'antd';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import AdminApp from '../app/App.js';

export interface StubRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
  /** A multipart body, as sent. */
  form?: FormData;
  headers: Headers;
  credentials?: RequestCredentials;
}

type Reply = { status?: number; json?: unknown; text?: string; headers?: Record<string, string> };
type Handler = Reply | ((req: StubRequest) => Reply | Promise<Reply>);

const json = (status: number, body: unknown) => ({ status, json: body });

/**
 * Stubs globalThis.fetch with routes keyed 'METHOD /path' (without the query). Every request is
 * recorded; an unknown route answers a JSON 404 like the API does.
 */
export function stubFetch(routes: Record<string, Handler>) {
  const requests: StubRequest[] = [];
  const fetchMock = jest.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const method = (init.method ?? 'GET').toUpperCase();
    const req: StubRequest = {
      method,
      path: url.pathname,
      query: url.searchParams,
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
      form: init.body instanceof FormData ? init.body : undefined,
      headers: new Headers(init.headers),
      credentials: init.credentials,
    };
    requests.push(req);
    const handler = routes[`${method} ${url.pathname}`];
    const reply: Reply = !handler
      ? json(404, { statusCode: 404, message: `Cannot ${method} ${url.pathname}` })
      : typeof handler === 'function'
        ? await handler(req)
        : handler;
    const status = reply.status ?? 200;
    const body = reply.text ?? (reply.json === undefined ? '' : JSON.stringify(reply.json));
    const headers = new Headers(reply.headers);
    if (reply.json !== undefined) headers.set('Content-Type', 'application/json');
    return new Response(status === 204 ? null : body, {
      status,
      statusText: STATUS_CODES[status],
      headers,
    });
  });
  globalThis.fetch = fetchMock as typeof fetch;
  return { fetchMock, requests };
}

/** Routes of a signed-in artist, merged over the given ones. */
export const signedIn = (routes: Record<string, Handler> = {}) =>
  stubFetch({ 'GET /api/admin/session': json(200, { authenticated: true }), ...routes });

function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname + location.search}</output>;
}

/**
 * antd's open and close animations wait for transition events jsdom never fires, then for a
 * fallback timer: without motion a dialog or a message appears and leaves at once, as it does for
 * an artist who asks for reduced motion. The dashboard's own theme inherits this setting.
 */
const NO_MOTION = { token: { motion: false } };

/**
 * antd's styles with only the declarations that decide whether an element is shown, which jsdom
 * reads when a query leaves hidden elements out (`*ByRole`, `toBeVisible`, user-event's
 * pointer-events check). jsdom matches every rule of the document against every element it
 * computes a style for: with antd's 1,500-odd rules kept whole, that was half the suite's CPU
 * time (docs/ci.md). jsdom lays nothing out, and no test reads the other declarations.
 */
const SHOWN_OR_HIDDEN = new Set([
  'display',
  'visibility',
  'opacity',
  'pointerEvents',
  'contentVisibility',
]);
const onlyWhatHides: Transformer = {
  visit: (cssObj) =>
    Object.fromEntries(
      Object.entries(cssObj).filter(
        ([key, value]) =>
          (typeof value === 'object' && value !== null) ||
          SHOWN_OR_HIDDEN.has(
            key.replace(/-([a-z])/g, (_, letter: string) => letter.toUpperCase()),
          ),
      ),
    ),
};

export function renderAdmin(path = '/admin') {
  return render(
    <StyleProvider transformers={[onlyWhatHides]}>
      <ConfigProvider theme={NO_MOTION}>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route path="/" element={<p>public home</p>} />
            <Route
              path="/admin/*"
              element={<AdminApp notFound={<p>not found</p>} toastSeconds={false} />}
            />
          </Routes>
          <LocationProbe />
        </MemoryRouter>
      </ConfigProvider>
    </StyleProvider>,
  );
}

export { json };
