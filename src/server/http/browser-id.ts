import { randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '#server/config';
import { cookieName, storeCookieOptions } from './cookies';

const BROWSER_ID_PATTERN = /^[A-Za-z0-9_-]{22}$/;
const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;

/** The browser's id of a request, its cookie set on the reply when missing. */
export type BrowserIdOf = (request: FastifyRequest, reply: FastifyReply) => string;

/**
 * The browser's id from its signed, httpOnly `bid` cookie (`__Host-bid` over https), set when missing. It keys
 * double-submit detection and the one-trial-per-browser rule. Made once in the wiring (app.ts, decision 0080).
 */
export function createBrowserIdOf(config: Pick<Config, 'PUBLIC_URL'>): BrowserIdOf {
  const name = cookieName(config, 'bid');
  return (request, reply) => {
    const raw = request.cookies[name];
    if (raw) {
      const unsigned = request.unsignCookie(raw);
      if (unsigned.valid && unsigned.value && BROWSER_ID_PATTERN.test(unsigned.value)) return unsigned.value;
    }
    const id = randomBytes(16).toString('base64url');
    reply.setCookie(name, id, storeCookieOptions(config, ONE_YEAR_SECONDS));
    return id;
  };
}
