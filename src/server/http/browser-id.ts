import { randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

export const BROWSER_COOKIE = 'bid';
const BROWSER_ID_PATTERN = /^[A-Za-z0-9_-]{22}$/;
const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;

/**
 * The browser's id from its signed, httpOnly `bid` cookie, set when missing. It keys
 * double-submit detection and the one-trial-per-browser rule.
 */
export function browserIdOf(request: FastifyRequest, reply: FastifyReply): string {
  const raw = request.cookies[BROWSER_COOKIE];
  if (raw) {
    const unsigned = request.unsignCookie(raw);
    if (unsigned.valid && unsigned.value && BROWSER_ID_PATTERN.test(unsigned.value)) return unsigned.value;
  }
  const id = randomBytes(16).toString('base64url');
  reply.setCookie(BROWSER_COOKIE, id, {
    signed: true,
    httpOnly: true,
    sameSite: 'lax',
    path: '/',
    secure: request.server.deps.config.PUBLIC_URL.startsWith('https:'),
    maxAge: ONE_YEAR_SECONDS,
  });
  return id;
}
