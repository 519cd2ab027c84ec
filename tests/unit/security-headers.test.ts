import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import type { Config } from '../../src/server/config';
import { installSecurityHeaders } from '../../src/server/http/security';

/** The headers an answer carries, as written on the wire: each name in the case it was set, in order. */
async function headersOf(settings: Pick<Config, 'PUBLIC_URL' | 'STRIPE_PUBLISHABLE_KEY'>, route: 'json' | 'error' | 'missing') {
  const app = Fastify();
  await installSecurityHeaders(app, settings as Config);
  app.get('/json', () => ({ ok: true }));
  app.get('/error', () => {
    throw new Error('broken');
  });
  const response = await app.inject({ method: 'GET', url: `/${route}` });
  // Node keeps each header's name as it was set (getRawHeaderNames, which the typings of this Node version leave out).
  const raw = response.raw.res as typeof response.raw.res & { getRawHeaderNames(): string[] };
  await app.close();
  return raw.getRawHeaderNames().map((name) => [name, raw.getHeader(name)]);
}

const LOCAL_CSP =
  "default-src 'self';base-uri 'self';font-src 'self' https: data:;form-action 'self';frame-ancestors 'self';img-src 'self' data:;object-src 'none';" +
  "script-src 'self';script-src-attr 'none';style-src 'self' 'unsafe-inline';frame-src 'self';connect-src 'self'";
const LIVE_CSP =
  "default-src 'self';base-uri 'self';font-src 'self' https: data:;form-action 'self';frame-ancestors 'self';img-src 'self' data:;object-src 'none';" +
  "script-src 'self' https://js.stripe.com;script-src-attr 'none';style-src 'self' 'unsafe-inline';upgrade-insecure-requests;" +
  "frame-src 'self' https://js.stripe.com https://hooks.stripe.com;connect-src 'self' https://api.stripe.com";
const AFTER_CSP = [
  ['Cross-Origin-Opener-Policy', 'same-origin'],
  ['Cross-Origin-Resource-Policy', 'same-origin'],
  ['Origin-Agent-Cluster', '?1'],
  ['Referrer-Policy', 'same-origin'],
];
const LAST = [
  ['X-Content-Type-Options', 'nosniff'],
  ['X-DNS-Prefetch-Control', 'off'],
  ['X-Download-Options', 'noopen'],
  ['X-Frame-Options', 'SAMEORIGIN'],
  ['X-Permitted-Cross-Domain-Policies', 'none'],
  ['X-XSS-Protection', '0'],
];

// The headers as @fastify/helmet 13.2 (helmet 8.3) wrote them before decision 0048 set them from one start-up recording.
describe('security headers', () => {
  const local = { PUBLIC_URL: 'http://localhost:5000', STRIPE_PUBLISHABLE_KEY: '' };
  const live = { PUBLIC_URL: 'https://shop.example', STRIPE_PUBLISHABLE_KEY: 'pk_live_x' };

  it('a local store: the CSP of its own origin, no HSTS, helmet\'s names and order, on an answer, an error and a 404', async () => {
    const expected = [['Content-Security-Policy', LOCAL_CSP], ...AFTER_CSP, ...LAST];
    expect(await headersOf(local, 'json')).toEqual([...expected, ['content-type', 'application/json; charset=utf-8'], ['content-length', '11']]);
    expect(await headersOf(local, 'error')).toEqual([...expected, ['content-type', 'application/json; charset=utf-8'], ['content-length', '69']]);
    expect(await headersOf(local, 'missing')).toEqual([...expected, ['content-type', 'application/json; charset=utf-8'], ['content-length', '79']]);
  });

  it('a live store on https with Stripe: Stripe in the CSP, upgrade-insecure-requests and HSTS', async () => {
    const expected = [
      ['Content-Security-Policy', LIVE_CSP],
      ...AFTER_CSP,
      ['Strict-Transport-Security', 'max-age=31536000; includeSubDomains'],
      ...LAST,
    ];
    expect(await headersOf(live, 'json')).toEqual([...expected, ['content-type', 'application/json; charset=utf-8'], ['content-length', '11']]);
    expect(await headersOf(live, 'error')).toEqual([...expected, ['content-type', 'application/json; charset=utf-8'], ['content-length', '69']]);
    expect(await headersOf(live, 'missing')).toEqual([...expected, ['content-type', 'application/json; charset=utf-8'], ['content-length', '79']]);
  });

  it('two answers carry the same headers (nothing is carried over from one to the next)', async () => {
    expect(await headersOf(local, 'json')).toEqual(await headersOf(local, 'json'));
  });
});
