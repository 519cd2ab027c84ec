import type { CookieSerializeOptions } from '@fastify/cookie';
import type { Config } from '#server/config';

/** The store's cookies by their plain names: customer session, admin session, browser id. */
export type StoreCookie = 'sid' | 'asid' | 'bid';

const servedOverHttps = (config: Pick<Config, 'PUBLIC_URL'>) => config.PUBLIC_URL.startsWith('https:');

/**
 * The name a cookie is set and read under. Over https it carries the `__Host-` prefix
 * (decision 0016): browsers then keep it only when Secure, Path=/ and without Domain, so
 * a sibling subdomain or a plain-http page cannot plant or overwrite it.
 */
export function cookieName(config: Pick<Config, 'PUBLIC_URL'>, cookie: StoreCookie): string {
  return servedOverHttps(config) ? `__Host-${cookie}` : cookie;
}

/** Signed, httpOnly, SameSite=Lax, whole-site, Secure over https (D6); what the `__Host-` prefix requires. */
export function storeCookieOptions(config: Pick<Config, 'PUBLIC_URL'>, maxAgeSeconds?: number): CookieSerializeOptions {
  return {
    signed: true,
    httpOnly: true,
    sameSite: 'lax',
    path: '/',
    secure: servedOverHttps(config),
    ...(maxAgeSeconds === undefined ? {} : { maxAge: Math.max(0, Math.floor(maxAgeSeconds)) }),
  };
}
