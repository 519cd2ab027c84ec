import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiRequest, errorStatus, getQueryFn, revalidatingGet, serverMessage } from '../../src/client/lib/api';

function stubFetch(status: number, body: string, statusText = '') {
  const fetchMock = vi.fn(async () => new Response(body || null, { status, statusText }));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

describe('the API helper (spec sections 7 and 8)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('sends JSON bodies with credentials', async () => {
    const fetchMock = stubFetch(200, '{}');
    await apiRequest('POST', '/api/login', { email: 'a@b.co' });
    expect(fetchMock).toHaveBeenCalledWith('/api/login', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{"email":"a@b.co"}',
      credentials: 'include',
    });
  });

  it('turns a failure into "{status}: {body}", or the status text when the body is empty', async () => {
    stubFetch(400, '{"message":"Coupon code is required"}');
    await expect(apiRequest('POST', '/api/validate-coupon', {})).rejects.toThrow('400: {"message":"Coupon code is required"}');
    stubFetch(503, '', 'Service Unavailable');
    await expect(apiRequest('GET', '/api/packages')).rejects.toThrow('503: Service Unavailable');
  });

  it("reads the server's message and status back out of such an error", () => {
    const error = new Error('409: {"message":"An account with this email already exists"}');
    expect(serverMessage(error, 'fallback')).toBe('An account with this email already exists');
    expect(errorStatus(error)).toBe(409);
    expect(serverMessage(new Error('500: Internal Server Error'), 'fallback')).toBe('Internal Server Error');
    expect(serverMessage('nope', 'fallback')).toBe('fallback');
  });

  it('GETs the key segments joined by "/" and yields null on 401 when asked to', async () => {
    const fetchMock = stubFetch(401, '{"message":"Not authenticated"}');
    const returnNull = getQueryFn({ on401: 'returnNull' });
    expect(await returnNull({ queryKey: ['/api', 'auth', 'me'] } as never)).toBeNull();
    expect(fetchMock).toHaveBeenCalledWith('/api/auth/me', { credentials: 'include' });
    const throwing = getQueryFn({ on401: 'throw' });
    await expect(throwing({ queryKey: ['/api/auth/me'] } as never)).rejects.toThrow(/^401: /);
  });
});

describe('the revalidating GET of polled lists', () => {
  afterEach(() => vi.unstubAllGlobals());
  const parseNames = (body: unknown) => (body as Array<{ name: string }>).map((row) => row.name);

  it('reads the body through the parser, the ETag and the x-total-count total', async () => {
    const fetchMock = vi.fn(async () => new Response('[{"name":"Ada"}]', { status: 200, headers: { ETag: '"v1"', 'x-total-count': '41' } }));
    vi.stubGlobal('fetch', fetchMock);
    expect(await revalidatingGet('/api/admin/customers?limit=25', parseNames)).toEqual({ data: ['Ada'], etag: '"v1"', total: 41 });
    expect(fetchMock).toHaveBeenCalledWith('/api/admin/customers?limit=25', { credentials: 'include', cache: 'no-store', headers: {} });
  });

  it('sends If-None-Match and keeps the previous answer itself on a 304', async () => {
    const previous = { data: ['Ada'], etag: '"v1"', total: 41 };
    const fetchMock = vi.fn(async () => new Response(null, { status: 304 }));
    vi.stubGlobal('fetch', fetchMock);
    expect(await revalidatingGet('/api/admin/customers?_=2', parseNames, previous)).toBe(previous);
    expect(fetchMock).toHaveBeenCalledWith('/api/admin/customers?_=2', { credentials: 'include', cache: 'no-store', headers: { 'If-None-Match': '"v1"' } });
  });

  it('takes a changed list in full, with no total when the header is absent, and fails like apiRequest', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response('[{"name":"Grace"}]', { status: 200, headers: { ETag: '"v2"' } })));
    expect(await revalidatingGet('/api/x', parseNames, { data: ['Ada'], etag: '"v1"', total: 1 })).toEqual({ data: ['Grace'], etag: '"v2"', total: null });
    vi.stubGlobal('fetch', vi.fn(async () => new Response('{"message":"Admin authentication required"}', { status: 401 })));
    await expect(revalidatingGet('/api/x', parseNames)).rejects.toThrow('401: {"message":"Admin authentication required"}');
  });
});
