import type { QueryFunction } from '@tanstack/react-query';
import type { output, ZodType } from 'zod';
import { pageLocale } from './i18n';

/**
 * The one way the client calls the API (decision 0030; spec sections 7 and 8): cookies go
 * with every call and a body as JSON; a successful answer is parsed with the contract's
 * schema for its route; a refusal becomes an ApiError. This module loads no zod (it
 * imports types only): a page that starts without zod (the landing page, checkout:
 * decision 0024) passes a function that loads the schema's module beside the call.
 */

/** A response schema of src/contract, or a function that loads it. */
export type SchemaSource<S extends ZodType> = S | (() => Promise<S>);

/** A call the server refused: its status and its words. */
export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    readonly status: number,
    /** The server's `{ message }`; for an answer that is not JSON, its text, else the status text ('' when none). */
    message: string,
    /** The reason for each field of the request, when the answer names them (ErrorBody.fieldErrors). */
    readonly fieldErrors: Readonly<Record<string, string>> = {},
    /** The answer's parsed JSON, for a refusal that says more than its message (parse it with the route's contract schema). */
    readonly body: unknown = undefined,
  ) {
    super(message);
  }
}

/** The server's reason for a refusal, or `fallback` when it gave none or the call failed otherwise. */
export function messageOr(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.message ? error.message : fallback;
}

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

interface Call<S extends ZodType> {
  method?: Method;
  body?: unknown;
  /** More request headers: the refund dialog's Idempotency-Key (decision 0036). */
  headers?: Record<string, string>;
  schema: SchemaSource<S>;
}

/** Calls `route` and returns its answer as `schema` parses it; throws ApiError when refused. */
export async function api<S extends ZodType>(route: string, { method = 'GET', body, headers = {}, schema }: Call<S>): Promise<output<S>> {
  const loading = load(schema);
  const response = await send(route, {
    method,
    headers: body === undefined ? headers : { ...headers, 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return parse(route, response, await loading);
}

type On401 = 'throw' | 'returnNull';

/**
 * Spec section 7's data-loading call, as a query function: GET on the key's segments joined
 * with '/', the answer parsed with `schema`. A 401 fails, or yields null with `on401: 'returnNull'`.
 */
export function getQueryFn<S extends ZodType>(options: { schema: SchemaSource<S>; on401?: 'throw' }): QueryFunction<output<S>>;
export function getQueryFn<S extends ZodType>(options: { schema: SchemaSource<S>; on401: 'returnNull' }): QueryFunction<output<S> | null>;
export function getQueryFn<S extends ZodType>({ schema, on401 = 'throw' }: { schema: SchemaSource<S>; on401?: On401 }): QueryFunction<output<S> | null> {
  return async ({ queryKey }) => {
    try {
      return await api(queryKey.join('/'), { schema });
    } catch (error) {
      if (on401 === 'returnNull' && error instanceof ApiError && error.status === 401) return null;
      throw error;
    }
  };
}

/**
 * Fetches with the session's cookies and the page's language, in which the server words its
 * refusals (decision 0113); a refusal throws ApiError. A 304 is an answer when the caller
 * holds the body it confirms (the admin lists' revalidating GET).
 */
export async function send(route: string, init: RequestInit & { headers?: Record<string, string> }, notModifiedAnswers = false): Promise<Response> {
  const response = await fetch(route, { ...init, headers: { 'Accept-Language': pageLocale(), ...init.headers }, credentials: 'include' });
  if (response.ok || (notModifiedAnswers && response.status === 304)) return response;
  throw await refusal(response);
}

function load<S extends ZodType>(schema: SchemaSource<S>): S | Promise<S> {
  return typeof schema === 'function' ? schema() : schema;
}

/** The answer's body as `schema` parses it; an answer that does not match is an error of the call, not the server's refusal. */
export async function parse<S extends ZodType>(route: string, response: Response, schema: S): Promise<output<S>> {
  const result = schema.safeParse(await response.json());
  if (!result.success) throw new Error(`The answer of ${route} does not match its schema`, { cause: result.error });
  return result.data;
}

async function refusal(response: Response): Promise<ApiError> {
  const text = await response.text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return new ApiError(response.status, text || response.statusText);
  }
  return new ApiError(response.status, isRecord(body) && typeof body.message === 'string' ? body.message : '', fieldErrorsOf(body), body);
}

function fieldErrorsOf(body: unknown): Record<string, string> {
  const fields = isRecord(body) ? body.fieldErrors : undefined;
  if (!isRecord(fields)) return {};
  return Object.fromEntries(Object.entries(fields).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
