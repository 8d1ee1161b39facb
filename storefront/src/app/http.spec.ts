import { createStore } from './store.js';
import { api } from './api.js';
import { stubApi } from '../test/renderApp.js';

const probe = api.injectEndpoints({
  endpoints: (build) => ({
    readThing: build.query<unknown, void>({ query: () => '/thing' }),
    writeThing: build.mutation<unknown, { name: string }>({
      query: (body) => ({ url: '/thing', method: 'POST', body }),
    }),
  }),
});

it('sends cookies and no content type on a read', async () => {
  const { calls } = stubApi({ 'GET /api/thing': { body: { ok: 1 } } });
  const store = createStore(undefined);
  const result = await store.dispatch(probe.endpoints.readThing.initiate());
  expect(result.data).toEqual({ ok: 1 });
  expect(calls[0].init?.credentials).toBe('include');
  expect(calls[0].init?.headers).toBeUndefined();
});

it('sends a JSON content type only with a body', async () => {
  const { calls } = stubApi({ 'POST /api/thing': { body: { success: true } } });
  const store = createStore(undefined);
  await store.dispatch(probe.endpoints.writeThing.initiate({ name: 'x' }));
  expect(calls[0].init?.headers).toEqual({ 'Content-Type': 'application/json' });
  expect(calls[0].body).toEqual({ name: 'x' });
  expect(calls[0].init?.credentials).toBe('include');
});

it("turns a non-OK answer into '<status>: <body>' and keeps the parsed body", async () => {
  stubApi({ 'POST /api/thing': { status: 400, body: { statusCode: 400, message: 'Nope.' } } });
  const store = createStore(undefined);
  const result = await store.dispatch(probe.endpoints.writeThing.initiate({ name: 'x' }));
  expect(result.error).toEqual({
    status: 400,
    message: '400: {"statusCode":400,"message":"Nope."}',
    data: { statusCode: 400, message: 'Nope.' },
  });
});

it('uses the status text when the error body is empty, and never retries', async () => {
  const { fetchMock } = stubApi({
    'GET /api/thing': { status: 503, statusText: 'Service Unavailable' },
  });
  const store = createStore(undefined);
  const result = await store.dispatch(probe.endpoints.readThing.initiate());
  expect(result.error).toMatchObject({ status: 503, message: '503: Service Unavailable' });
  expect(fetchMock).toHaveBeenCalledTimes(1);
});

it('reports a network failure with its own message', async () => {
  globalThis.fetch = jest.fn().mockRejectedValue(new TypeError('Failed to fetch'));
  const store = createStore(undefined);
  const result = await store.dispatch(probe.endpoints.readThing.initiate());
  expect(result.error).toEqual({ status: 'FETCH_ERROR', message: 'Failed to fetch' });
});
