import { randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

const MAX_REQUEST_ID_LENGTH = 64;

/**
 * The request id that ties a request's log lines together (ARCHITECTURE D12): the proxy's
 * `x-request-id` when it sends one, else this instance's random prefix and a counter. The
 * prefix keeps ids of different instances apart; a counter costs nothing on the fast lane,
 * where a random UUID per request was a measurable share of the work (decision 0022).
 */
export function createRequestIds(): (request: IncomingMessage) => string {
  const instance = randomBytes(6).toString('base64url');
  let counter = 0;
  return (request) => {
    const given = request.headers['x-request-id'];
    if (typeof given === 'string' && given !== '') return given.slice(0, MAX_REQUEST_ID_LENGTH);
    counter = (counter + 1) % Number.MAX_SAFE_INTEGER;
    return `${instance}-${counter.toString(36)}`;
  };
}
