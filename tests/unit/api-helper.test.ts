import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiRequest, errorStatus, getQueryFn, serverMessage } from '../../src/client/lib/api';

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
