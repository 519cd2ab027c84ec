import type { QueryFunction } from '@tanstack/react-query';
import { TOTAL_COUNT_HEADER } from '#contract/paging';

/**
 * The one API helper (spec sections 7 and 8): every call sends cookies, bodies go as
 * JSON, and a non-success answer becomes an Error "{status}: {body text or status text}".
 */
export async function apiRequest(method: string, url: string, data?: unknown): Promise<Response> {
  const response = await fetch(url, {
    method,
    headers: data !== undefined ? { 'Content-Type': 'application/json' } : {},
    body: data !== undefined ? JSON.stringify(data) : undefined,
    credentials: 'include',
  });
  await throwIfNotOk(response);
  return response;
}

async function throwIfNotOk(response: Response): Promise<void> {
  if (response.ok) return;
  const text = (await response.text()) || response.statusText;
  throw new Error(`${response.status}: ${text}`);
}

/**
 * The server's own words from an apiRequest error: the `message` of its JSON body, else
 * the text after the status, else the fallback.
 */
export function serverMessage(error: unknown, fallback: string): string {
  if (!(error instanceof Error)) return fallback;
  const body = error.message.replace(/^\d{3}: /, '');
  try {
    const parsed = JSON.parse(body) as { message?: unknown; error?: unknown };
    const message = parsed.message ?? parsed.error;
    return typeof message === 'string' && message ? message : fallback;
  } catch {
    return body && body !== error.message ? body : fallback;
  }
}

/** The status code of an apiRequest error, if it carries one. */
export function errorStatus(error: unknown): number | null {
  const match = error instanceof Error ? /^(\d{3}): /.exec(error.message) : null;
  return match ? Number(match[1]) : null;
}

type UnauthorizedBehavior = 'returnNull' | 'throw';

/** The default query function: GET on the key's segments joined with '/'. */
export function getQueryFn<T>({ on401 }: { on401: UnauthorizedBehavior }): QueryFunction<T | null> {
  return async ({ queryKey }) => {
    const response = await fetch(queryKey.join('/'), { credentials: 'include' });
    if (on401 === 'returnNull' && response.status === 401) return null;
    await throwIfNotOk(response);
    return (await response.json()) as T;
  };
}

/** A GET's parsed body with its ETag and, for a paged list, the total the server counted. */
export interface Revalidated<T> {
  data: T;
  etag: string | null;
  total: number | null;
}

/**
 * A GET that sends the previous answer's ETag as If-None-Match and keeps that answer on a
 * 304, so a poll of an unchanged list costs the server no body. `parse` is the contract's
 * schema; the `x-total-count` header carries a paged list's total.
 */
export async function revalidatingGet<T>(url: string, parse: (body: unknown) => T, previous?: Revalidated<T>): Promise<Revalidated<T>> {
  const response = await fetch(url, {
    credentials: 'include',
    // The script, not the browser's cache, decides what a 304 means here.
    cache: 'no-store',
    headers: previous?.etag ? { 'If-None-Match': previous.etag } : {},
  });
  if (response.status === 304 && previous) return previous;
  await throwIfNotOk(response);
  const total = response.headers.get(TOTAL_COUNT_HEADER);
  return { data: parse(await response.json()), etag: response.headers.get('ETag'), total: total === null ? null : Number(total) };
}
