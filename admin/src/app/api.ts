import { createApi, type BaseQueryFn } from '@reduxjs/toolkit/query/react';
import type { SessionStatus } from '@artist/contracts';

export interface RequestArgs {
  url: string;
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** JSON, or FormData sent as multipart (the browser sets its Content-Type and boundary). */
  body?: unknown;
  /** Skip the session-expiry handling: the login call answers 401 for a wrong password. */
  allow401?: boolean;
  cache?: RequestCache;
}

/** What every failed call turns into; `message` is '<status>: <body or status text>'. */
export interface HttpError {
  status: number | 'FETCH_ERROR';
  message: string;
  /** The parsed JSON body of the answer, when it had one. */
  data?: unknown;
}

export const isHttpError = (e: unknown): e is HttpError =>
  typeof e === 'object' && e !== null && 'message' in e && 'status' in e;

/** The message of an RTK Query error, whichever shape it has. */
export const errorMessage = (e: unknown): string =>
  isHttpError(e) ? e.message : e instanceof Error ? e.message : String(e);

/**
 * Every call of the admin to the API: cookies sent, a JSON content type only with a JSON body
 * (FormData goes as multipart), and a non-OK answer, or none, turned into an HttpError.
 */
export async function callApi(
  { url, method = 'GET', body, cache }: RequestArgs,
  signal?: AbortSignal,
): Promise<{ response: Response } | { error: HttpError }> {
  const json = body !== undefined && !(body instanceof FormData);
  let res: Response;
  try {
    res = await fetch(`/api${url}`, {
      method,
      credentials: 'include',
      headers: json ? { 'Content-Type': 'application/json' } : undefined,
      body: json ? JSON.stringify(body) : (body as FormData | undefined),
      signal,
      cache,
    });
  } catch (err) {
    return { error: { status: 'FETCH_ERROR', message: errorMessage(err) } };
  }
  if (res.ok) return { response: res };
  const text = await res.text();
  const message = `${res.status}: ${text || res.statusText}`;
  return { error: { status: res.status, message, data: parseBody(text) } };
}

/**
 * The RTK Query base query of every endpoint. A 401 from any admin call means the session
 * expired: the cached session becomes unauthenticated, which sends the artist back to the login
 * screen.
 */
const baseQuery: BaseQueryFn<string | RequestArgs, unknown, HttpError> = async (arg, baseApi) => {
  const request = typeof arg === 'string' ? { url: arg } : arg;
  const answer = await callApi(request, baseApi.signal);
  if ('error' in answer) {
    if (answer.error.status === 401 && !request.allow401) baseApi.dispatch(sessionExpired());
    return answer;
  }
  return { data: parseBody(await answer.response.text()) };
};

function parseBody(text: string): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** The admin's one API slice; features add their endpoints with `injectEndpoints`. */
export const api = createApi({
  reducerPath: 'api',
  baseQuery,
  tagTypes: [
    'Session',
    'Show',
    'Order',
    'NotifyRequest',
    'EmailSignup',
    'ContactMessage',
    'Fan',
    'Email',
    'Product',
    'Sale',
    'Content',
    'GalleryPhoto',
    'Campaign',
    'Suppression',
    'ShippingZone',
    'Discount',
  ],
  refetchOnFocus: false,
  refetchOnReconnect: false,
  endpoints: (build) => ({
    // Any failure of the session check counts as not authenticated.
    getSession: build.query<SessionStatus, void>({
      queryFn: async (_arg, _api, _extra, query) => {
        const res = await query({ url: '/admin/session', allow401: true });
        const data = res.data as SessionStatus | null | undefined;
        return { data: { authenticated: !res.error && data?.authenticated === true } };
      },
      providesTags: ['Session'],
    }),
  }),
});

/** Marks the session as (un)authenticated without asking the server again. */
export const setAuthenticated = (authenticated: boolean) =>
  api.util.upsertQueryData('getSession', undefined, { authenticated });

const sessionExpired = () => setAuthenticated(false);

/** A list request as the tabs make it: the URL state of the table. */
export interface ListArgs {
  status: string;
  search: string;
  sort: string;
  page: number;
  pageSize: number;
}

/** `path?status=…&search=…&sort=…&page=…&pageSize=…`, leaving out the defaults. */
export function listUrl(path: string, args: Partial<ListArgs>): string {
  const query = new URLSearchParams();
  if (args.status && args.status !== 'all') query.set('status', args.status);
  if (args.search) query.set('search', args.search);
  if (args.sort) query.set('sort', args.sort);
  if (args.page && args.page > 1) query.set('page', String(args.page));
  if (args.pageSize) query.set('pageSize', String(args.pageSize));
  const qs = query.toString();
  return qs ? `${path}?${qs}` : path;
}
