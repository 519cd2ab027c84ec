import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { revalidatingGet } from '../../src/client/features/admin/shared/revalidating-get';
import { api, ApiError, getQueryFn, messageOr } from '../../src/client/lib/api';
import { addMessages } from '../../src/client/lib/i18n';

const customer = z.object({ firstName: z.string() });
const names = z.array(z.object({ name: z.string() })).transform((rows) => rows.map((row) => row.name));

function stubFetch(status: number, body: string, init: { statusText?: string; headers?: Record<string, string> } = {}) {
  const fetchMock = vi.fn<typeof fetch>(() => Promise.resolve(new Response(body || null, { status, ...init })));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** The error a call rejects with. */
async function failureOf(call: unknown): Promise<unknown> {
  try {
    await call;
  } catch (error) {
    return error;
  }
  throw new Error('the call did not fail');
}

const queryContext = (queryKey: string[]) => ({ queryKey }) as never;

describe('the API helper (decision 0030; spec sections 7 and 8)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('sends a body as JSON with credentials and returns the answer as its schema parses it', async () => {
    const fetchMock = stubFetch(200, '{"firstName":"Ada","extra":"dropped"}');
    expect(await api('/api/login', { method: 'POST', body: { email: 'a@b.co' }, schema: customer })).toEqual({ firstName: 'Ada' });
    expect(fetchMock).toHaveBeenCalledWith('/api/login', {
      method: 'POST',
      headers: { 'Accept-Language': 'en', 'Content-Type': 'application/json' },
      body: '{"email":"a@b.co"}',
      credentials: 'include',
    });
  });

  it("asks the server to word its refusals in the page's language (decision 0113)", async () => {
    const fetchMock = stubFetch(200, '[]');
    addMessages('pt-BR', [], {});
    try {
      await api('/api/x', { schema: names });
      expect(fetchMock).toHaveBeenCalledWith('/api/x', expect.objectContaining({ headers: { 'Accept-Language': 'pt-BR' } }));
    } finally {
      addMessages('en', [], {});
    }
  });

  it('GETs without a body or a content type', async () => {
    const fetchMock = stubFetch(200, '[{"name":"Ada"}]');
    expect(await api('/api/x', { schema: names })).toEqual(['Ada']);
    expect(fetchMock).toHaveBeenCalledWith('/api/x', { method: 'GET', headers: { 'Accept-Language': 'en' }, body: undefined, credentials: 'include' });
  });

  it("turns a refusal into an ApiError with the status, the server's message and its field errors", async () => {
    stubFetch(409, '{"message":"An account with this email already exists","fieldErrors":{"email":"Taken","bad":1}}');
    const error = await failureOf(api('/api/register', { method: 'POST', body: {}, schema: customer }));
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 409, message: 'An account with this email already exists', fieldErrors: { email: 'Taken' } });
    expect(messageOr(error, 'fallback')).toBe('An account with this email already exists');
  });

  it('reads an answer that is not JSON as its text, an empty one as the status text, and JSON without a message as none', async () => {
    stubFetch(502, 'Bad gateway');
    expect(await failureOf(api('/api/packages', { schema: names }))).toMatchObject({ status: 502, message: 'Bad gateway', fieldErrors: {} });
    stubFetch(503, '', { statusText: 'Service Unavailable' });
    expect(await failureOf(api('/api/packages', { schema: names }))).toMatchObject({ status: 503, message: 'Service Unavailable' });
    stubFetch(500, '{"error":"no message here"}');
    const wordless = await failureOf(api('/api/packages', { schema: names }));
    expect(wordless).toMatchObject({ status: 500, message: '' });
    expect(messageOr(wordless, 'fallback')).toBe('fallback');
  });

  it('throws when a successful answer does not match its schema, and that is no refusal of the server', async () => {
    stubFetch(200, '{"firstName":42}');
    const error = await failureOf(api('/api/auth/me', { schema: customer }));
    expect(error).not.toBeInstanceOf(ApiError);
    expect(error).toHaveProperty('message', 'The answer of /api/auth/me does not match its schema');
    expect(error).toHaveProperty('cause', expect.any(z.ZodError));
    expect(messageOr(error, 'fallback')).toBe('fallback');
    expect(messageOr(new TypeError('Failed to fetch'), 'fallback')).toBe('fallback');
  });

  it('takes a function that loads the schema, and calls the server before it has loaded', async () => {
    const fetchMock = stubFetch(200, '{"firstName":"Ada"}');
    let loaded!: (schema: typeof customer) => void;
    const answer = api('/api/auth/me', { schema: () => new Promise<typeof customer>((resolve) => (loaded = resolve)) });
    expect(fetchMock).toHaveBeenCalledOnce();
    loaded(customer);
    expect(await answer).toEqual({ firstName: 'Ada' });
  });

  it('GETs the key segments joined by "/" as the query function; a 401 fails, or yields null when asked to', async () => {
    const fetchMock = stubFetch(401, '{"message":"Not authenticated"}');
    const returnNull = getQueryFn({ schema: customer, on401: 'returnNull' });
    expect(await returnNull(queryContext(['/api', 'auth', 'me']))).toBeNull();
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/auth/me');
    const throwing = getQueryFn({ schema: customer });
    expect(await failureOf(throwing(queryContext(['/api/auth/me'])))).toMatchObject({ status: 401, message: 'Not authenticated' });
    stubFetch(403, '{"message":"Forbidden"}');
    expect(await failureOf(returnNull(queryContext(['/api/auth/me'])))).toMatchObject({ status: 403 });
    stubFetch(200, '{"firstName":"Grace"}');
    expect(await throwing(queryContext(['/api/auth/me']))).toEqual({ firstName: 'Grace' });
  });
});

describe("the revalidating GET of the admin's polled lists", () => {
  afterEach(() => vi.unstubAllGlobals());

  it('reads the body through the schema, the ETag and the x-total-count total', async () => {
    const fetchMock = stubFetch(200, '[{"name":"Ada"}]', { headers: { ETag: '"v1"', 'x-total-count': '41' } });
    expect(await revalidatingGet('/api/admin/customers?limit=25', names)).toEqual({ data: ['Ada'], etag: '"v1"', total: 41 });
    expect(fetchMock).toHaveBeenCalledWith('/api/admin/customers?limit=25', { credentials: 'include', cache: 'no-store', headers: { 'Accept-Language': 'en' } });
  });

  it('sends If-None-Match and keeps the previous answer itself on a 304', async () => {
    const previous = { data: ['Ada'], etag: '"v1"', total: 41 };
    const fetchMock = stubFetch(304, '');
    expect(await revalidatingGet('/api/admin/customers?_=2', names, previous)).toBe(previous);
    expect(fetchMock).toHaveBeenCalledWith('/api/admin/customers?_=2', { credentials: 'include', cache: 'no-store', headers: { 'Accept-Language': 'en', 'If-None-Match': '"v1"' } });
    expect(await failureOf(revalidatingGet('/api/admin/customers', names))).toMatchObject({ status: 304 });
  });

  it('takes a changed list in full, with no total when the header is absent, and fails like api', async () => {
    stubFetch(200, '[{"name":"Grace"}]', { headers: { ETag: '"v2"' } });
    expect(await revalidatingGet('/api/x', names, { data: ['Ada'], etag: '"v1"', total: 1 })).toEqual({ data: ['Grace'], etag: '"v2"', total: null });
    stubFetch(401, '{"message":"Admin authentication required"}');
    expect(await failureOf(revalidatingGet('/api/x', names))).toMatchObject({ status: 401, message: 'Admin authentication required' });
  });
});
