import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { badRequest } from './errors';

const PATH_NOT_NORMAL_MESSAGE = 'Request path is not in its normal form';
const UNREADABLE_PATH_MESSAGE = 'Request path could not be read';

/** RFC 3986's unreserved characters: percent-encoding one of them is never needed. */
const UNRESERVED = /^[A-Za-z0-9\-._~]$/;
/** What a path needs for decoding, dot segments, empty segments or `;` parameters to change it. */
const COULD_CHANGE = /[%;]|\/\.|\/\//;
const API_PREFIX = /^\/api(\/|$)/;

/** Decodes every well-formed escape once, leaving malformed ones as they are (decodeURIComponent would throw). */
function decodeOnce(path: string): string {
  return path.replace(/(%[0-9A-Fa-f]{2})+/g, (run) => {
    try {
      return decodeURIComponent(run);
    } catch {
      return run;
    }
  });
}

/**
 * The path as any reader might end up taking it: decoded until it stops changing, `;`
 * parameters dropped, empty and dot segments resolved, in lower case.
 */
function loosestReading(path: string): string {
  let decoded = path;
  for (let round = 0; round < 4; round++) {
    const next = decodeOnce(decoded);
    if (next === decoded) break;
    decoded = next;
  }
  const segments: string[] = [];
  for (const raw of decoded.split('/')) {
    const segment = raw.split(';')[0]!;
    if (segment === '' || segment === '.') continue;
    if (segment === '..') segments.pop();
    else segments.push(segment);
  }
  return `/${segments.join('/')}`.toLowerCase();
}

/** Whether one escape is in normal form: upper-case hex, of a character that needs escaping. */
function isNormalEscape(escape: string): boolean {
  return /^%[0-9A-F]{2}$/.test(escape) && !UNRESERVED.test(String.fromCharCode(parseInt(escape.slice(1), 16)));
}

/**
 * Whether an /api path is written the one way the store's own client writes it: `/api`
 * itself in lower case, no empty, `.` or `..` segments, no `;`, every `%` a normal escape,
 * and no escaped `%` before hex digits (double encoding).
 */
function isNormalApiPath(path: string): boolean {
  if (!API_PREFIX.test(path) || path.includes(';') || path.includes('//')) return false;
  if (path.split('/').some((segment) => segment === '.' || segment === '..')) return false;
  return (path.match(/%.{0,2}/g) ?? []).every(isNormalEscape) && !/%25[0-9A-Fa-f]{2}/.test(path);
}

/** Whether a request's path may be read as an /api path but is not written in its normal form. */
export function isUnnormalApiPath(url: string): boolean {
  const path = url.split('?', 1)[0]!;
  // Most paths: nothing to decode or resolve, so only the case of `/api` could differ.
  if (!COULD_CHANGE.test(path)) return API_PREFIX.test(path.toLowerCase()) && !API_PREFIX.test(path);
  return API_PREFIX.test(loosestReading(path)) && !isNormalApiPath(path);
}

/** Fastify's frameworkErrors: a path its router could not decode, refused as an unnormal one is. */
export function answerUnreadablePath(_error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  void reply.code(400).send({ message: isUnnormalApiPath(request.url) ? PATH_NOT_NORMAL_MESSAGE : UNREADABLE_PATH_MESSAGE });
}

/**
 * Refuses, before any route or guard runs, an API request whose path is not in its normal
 * form. The router decodes a path, a proxy may collapse slashes or resolve dot segments:
 * whatever judges a request by its path would otherwise see one path and run another
 * (decision 0027). Pages are left alone: they are only read.
 */
export function installNormalApiPaths(app: FastifyInstance): void {
  app.addHook('onRequest', (request, _reply, done) => {
    done(isUnnormalApiPath(request.url) ? badRequest(PATH_NOT_NORMAL_MESSAGE) : undefined);
  });
}
