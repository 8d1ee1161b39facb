import type { BaseQueryFn } from '@reduxjs/toolkit/query/react';
import { serverMessage } from '@artist/contracts';

export interface HttpRequest {
  url: string;
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: unknown;
}

/** A failed call: `message` is '<status>: <body or status text>' (the same for every call). */
export interface HttpError {
  status: number | 'FETCH_ERROR';
  message: string;
  /** The answer's body, parsed when it is JSON. */
  data?: unknown;
}

/**
 * The one way the storefront talks to the API: cookies sent, a JSON content type only when there
 * is a body, and any non-OK answer turned into an {@link HttpError}. Nothing is retried.
 */
export const httpBaseQuery: BaseQueryFn<string | HttpRequest, unknown, HttpError> = async (
  args,
  { signal },
) => {
  const { url, method = 'GET', body } = typeof args === 'string' ? { url: args } : args;
  let response: Response;
  try {
    response = await fetch(`/api${url}`, {
      method,
      credentials: 'include',
      headers: body === undefined ? undefined : { 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal,
    });
  } catch (error) {
    return {
      error: {
        status: 'FETCH_ERROR',
        message: error instanceof Error ? error.message : String(error),
      },
    };
  }
  const text = await response.text();
  if (!response.ok) {
    return {
      error: {
        status: response.status,
        message: `${response.status}: ${text || response.statusText}`,
        data: parseJson(text),
      },
    };
  }
  return { data: text ? parseJson(text) : null };
};

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/**
 * The server's sentence when it refused the request as one too many from this address (429,
 * 'Too many requests. Please try again in N minutes.'); forms show it in place.
 */
export function tooManyRequestsMessage(error: unknown): string | undefined {
  return (error as HttpError | undefined)?.status === 429 ? serverMessage(error) : undefined;
}

/** The error's own message: '<status>: <body or status text>', or the network failure. */
export function errorMessage(error: unknown): string | undefined {
  const message = (error as HttpError | undefined)?.message;
  return typeof message === 'string' && message ? message : undefined;
}
