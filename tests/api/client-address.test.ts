import { describe, expect, it } from 'vitest';
import { useTestApp } from '../support/test-app';

/** Behind one reverse proxy: the proxy connects from 10.0.0.2 and appends the address it saw. */
const PROXY = '10.0.0.2';
const failedLogin = (t: ReturnType<typeof useTestApp>, forwardedFor: string, i: number) =>
  t.app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { email: `victim${i}@example.com`, password: 'wrong-password' },
    remoteAddress: PROXY,
    headers: { 'x-forwarded-for': forwardedFor },
  });

describe.each([
  ['a hop count', '1'],
  ['the proxy address', '10.0.0.2'],
  ['a CIDR range', '10.0.0.0/24, 192.168.0.0/16'],
])('TRUST_PROXY as %s', (_what, setting) => {
  const t = useTestApp({ TRUST_PROXY: setting });

  it('limits a client by the address the proxy saw, whatever X-Forwarded-For it sends', async () => {
    for (let i = 0; i < 10; i += 1) {
      // A new made-up address each time, as a client passing the limit would write it.
      expect((await failedLogin(t, `198.51.100.${i}, 203.0.113.9`, i)).statusCode).toBe(401);
    }
    const limited = await failedLogin(t, '198.51.100.77, 203.0.113.9', 10);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toMatch(/^Too many failed sign-in attempts/);
    // Another client behind the same proxy is still heard.
    expect((await failedLogin(t, '203.0.113.10', 11)).statusCode).toBe(401);
  });
});

describe('TRUST_PROXY unset', () => {
  const t = useTestApp();

  it('ignores X-Forwarded-For and limits the connecting address', async () => {
    for (let i = 0; i < 10; i += 1) await failedLogin(t, `198.51.100.${i}`, i);
    expect((await failedLogin(t, '203.0.113.50', 10)).statusCode).toBe(429);
  });
});
