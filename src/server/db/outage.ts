/**
 * Recognises the errors that mean "the database cannot be reached right now", as opposed to
 * a query's own failure (decision 0016): the store answers those with a 503 and recovers
 * by itself once the database is back, since the pool opens fresh connections on demand.
 */

/** Seconds a caller is asked to wait (Retry-After) while the database is unreachable. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

/** How long a request waits for a pool connection before it is answered 503, not left hanging. */
export const DATABASE_CONNECT_TIMEOUT_MS = 5_000;

export const DATABASE_UNAVAILABLE_MESSAGE = 'The store is temporarily unavailable. Please try again in a moment.';

/**
 * SQLSTATEs of a database the store cannot reach: class 08 (a lost or refused connection),
 * 57P01-57P05 (the server ending sessions: shut down, crashed, starting, database dropped,
 * idle timeout), 53300 (too many connections), and 3D000 (no such database: it was dropped
 * or renamed away, and new connections find nothing until it is back).
 */
const CONNECTION_SQLSTATES = /^(08...|57P0[1-5]|53300|3D000)$/;

/** Socket failures reaching the server. */
const SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN', 'ENOTFOUND']);

/** node-postgres's own words for a connection that died, or one the pool could not open in time. */
const DRIVER_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error and is not queryable',
  'Client was closed and is not queryable',
  'terminating connection due to administrator command',
];

function isConnectionFailure(error: { code?: unknown; message?: unknown }): boolean {
  const code = typeof error.code === 'string' ? error.code : '';
  const message = typeof error.message === 'string' ? error.message : '';
  if (CONNECTION_SQLSTATES.test(code) || SOCKET_CODES.has(code)) return true;
  // ALTER DATABASE ... ALLOW_CONNECTIONS false: 55000 is a broad class, so its wording is checked too.
  if (code === '55000' && message.includes('not currently accepting connections')) return true;
  return DRIVER_MESSAGES.some((text) => message.includes(text));
}

/** True when the error, or any error it wraps (drizzle wraps the driver's in `cause`), is a connection failure. */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current = error, depth = 0; current && typeof current === 'object' && depth < 5; depth++) {
    if (isConnectionFailure(current)) return true;
    // AggregateError: node's net tries every address of localhost and reports each refusal.
    const nested = (current as { errors?: unknown }).errors;
    if (Array.isArray(nested) && nested.some((inner) => isDatabaseUnavailable(inner))) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
