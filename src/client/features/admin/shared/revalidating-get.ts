import type { output, ZodType } from 'zod';
import { TOTAL_COUNT_HEADER } from '#contract/paging';
import { parse, send } from '../../../lib/api';

/** A GET's parsed body with its ETag and, for a paged list, the total the server counted. */
export interface Revalidated<T> {
  data: T;
  etag: string | null;
  total: number | null;
}

/**
 * The admin lists' GET: it sends the previous answer's ETag as If-None-Match and keeps that
 * answer on a 304, so a poll of an unchanged list costs the server no body. The
 * `x-total-count` header carries a paged list's total (decision 0012).
 */
export async function revalidatingGet<S extends ZodType>(route: string, schema: S, previous?: Revalidated<output<S>>): Promise<Revalidated<output<S>>> {
  const response = await send(
    route,
    {
      // The script, not the browser's cache, decides what a 304 means here.
      cache: 'no-store',
      headers: previous?.etag ? { 'If-None-Match': previous.etag } : {},
    },
    previous !== undefined,
  );
  if (response.status === 304 && previous) return previous;
  const total = response.headers.get(TOTAL_COUNT_HEADER);
  return { data: await parse(route, response, schema), etag: response.headers.get('ETag'), total: total === null ? null : Number(total) };
}
