import {
  createApi,
  type BaseQueryFn,
  type EndpointBuilder,
  type EndpointDefinitions,
} from '@reduxjs/toolkit/query/react';
import {
  serverMessage,
  type BulkUpdateResponse,
  type ListPage,
  type ListSelection,
  type SessionStatus,
} from '@artist/contracts';

export interface RequestArgs {
  url: string;
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** JSON, or FormData sent as multipart (the browser sets its Content-Type and boundary). */
  body?: unknown;
  /** Skip the session-expiry handling: the login call answers 401 for a wrong password. */
  allow401?: boolean;
  cache?: RequestCache;
}

/**
 * What every failed call turns into; `message` is the server's sentence (its `message`), else a
 * short plain-text answer, else a sentence naming the status: never the raw JSON of the answer,
 * which every toast and alert of the admin shows as it is.
 */
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
  const data = parseBody(text);
  const message = serverMessage({ data }) ?? fallbackMessage(res, data);
  return { error: { status: res.status, message, data } };
}

/** An answer without a `message` of its own: a short plain text as it is, else its status. */
function fallbackMessage(res: Response, data: unknown): string {
  if (typeof data === 'string' && data.length <= 200 && !data.trimStart().startsWith('<')) {
    return data.trim();
  }
  return `The server answered ${res.status}${res.statusText ? ` ${res.statusText}` : ''}. Please try again.`;
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

/** What the cache holds, by kind: a write invalidates the kinds it changes. */
const TAG_TYPES = [
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
  'Member',
  'MembershipTier',
  'Shipment',
] as const;

export type TagType = (typeof TAG_TYPES)[number];

/** The admin's one API slice; features add their endpoints with `injectEndpoints`. */
export const api = createApi({
  reducerPath: 'api',
  baseQuery,
  tagTypes: TAG_TYPES,
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

/** The `build` that `api.injectEndpoints` hands a feature. */
export type AdminEndpointBuilder = EndpointBuilder<typeof baseQuery, TagType, 'api'>;

/** The tag of a whole list (`{ type, id: 'LIST' }`): a write to any of its rows invalidates it. */
export const listTag = <K extends TagType>(type: K) => ({ type, id: 'LIST' as const });

/**
 * The endpoints of one admin list at `path` (`/admin/shows`), cached under its list tag: the
 * list request of its tab, and the writes that refresh it. A feature names the ones it has
 * (`injectListEndpoints`), or takes a second list's from the `build` it was given.
 */
export function listEndpoints(build: AdminEndpointBuilder, path: string, type: TagType) {
  const tag = listTag(type);
  return {
    /** The list's tag, for the feature's own writes to its rows. */
    tag,
    /** `GET path?status=…` with the table's state (`listUrl`); `request` adds e.g. `cache`. */
    list: <T, F extends string>(request?: Omit<RequestArgs, 'url'>) =>
      build.query<ListPage<T, F>, ListArgs>({
        query: (args) => (request ? { ...request, url: listUrl(path, args) } : listUrl(path, args)),
        providesTags: [tag],
      }),
    /** `POST path` with the new row. */
    create: <T, Input>() =>
      build.mutation<T, Input>({
        query: (body) => ({ url: path, method: 'POST', body }),
        invalidatesTags: [tag],
      }),
    /** `PUT path/:id` with the row's new fields. */
    update: <T, Input, Id extends number | string = number>() =>
      build.mutation<T, { id: Id; body: Input }>({
        query: ({ id, body }) => ({ url: `${path}/${id}`, method: 'PUT', body }),
        invalidatesTags: [tag],
      }),
    /** `DELETE path/:id`. Name both types: from the endpoints' object alone they would be `any`. */
    remove: <T, Id extends number | string>() =>
      build.mutation<T, Id>({
        query: (id) => ({ url: `${path}/${id}`, method: 'DELETE' }),
        invalidatesTags: [tag],
      }),
    /** `PUT path/bulk`: the change to the ticked rows or to every row matching (`useBulkAction`). */
    bulk: <Change>() =>
      build.mutation<BulkUpdateResponse, ListSelection<string> & Change>({
        query: (body) => ({ url: `${path}/bulk`, method: 'PUT', body }),
        invalidatesTags: [tag],
      }),
  };
}

export type ListEndpoints = ReturnType<typeof listEndpoints>;

/**
 * A list's feature API: `api.injectEndpoints` with the list's endpoints at hand. A new list is a
 * definition, not a copy:
 *
 *     export const showsApi = injectListEndpoints('/admin/shows', 'Show', (shows) => ({
 *       getShows: shows.list<AdminShow, ShowListFilter>(),
 *       createShow: shows.create<AdminShow, ShowInput>(),
 *     }));
 */
export function injectListEndpoints<Definitions extends EndpointDefinitions>(
  path: string,
  type: TagType,
  endpoints: (list: ListEndpoints, build: AdminEndpointBuilder) => Definitions,
) {
  return api.injectEndpoints({
    endpoints: (build) => endpoints(listEndpoints(build, path, type), build),
  });
}
