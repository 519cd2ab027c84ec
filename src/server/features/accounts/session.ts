import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, lte, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { DbOrTx } from '#server/db/connect';
import { session } from '#server/db/schema';
import { unauthorized } from '#server/http/errors';

/**
 * Server-side sessions (ARCHITECTURE D6). The browser holds only a signed cookie with a
 * random 256-bit id; the row (keyed by a SHA-256 of that id, so a leaked table cannot be
 * replayed as cookies) holds who is signed in. Any instance can read any session, a
 * restart loses none, and deleting the row really ends the session.
 *
 * Nothing here runs unless a route asks: routes that need no session (the catalog,
 * static files) pay nothing for it.
 */

export const SESSION_COOKIE = 'sid';
/** A session unused this long ends. */
export const SESSION_IDLE_MS = 7 * 24 * 60 * 60 * 1000;
/** A session ends this long after sign-in, however active. */
export const SESSION_ABSOLUTE_MS = 30 * 24 * 60 * 60 * 1000;
/** The sliding expiry is written at most this often, to keep reads from turning into writes. */
const TOUCH_INTERVAL_MS = 60 * 1000;

/** Who a session signs in. Customer and admin identities are separate fields (D6). */
export interface SessionIdentity {
  customerId?: string;
  adminId?: string;
}

interface StoredSession extends SessionIdentity {
  /** Epoch ms after which the session ends however active it is. */
  absoluteExpiresAt: number;
}

export interface ActiveSession {
  /** The row key (a hash of the cookie's id). */
  sid: string;
  identity: SessionIdentity;
  expire: Date;
  absoluteExpiresAt: number;
}

const hashSessionId = (id: string) => createHash('sha256').update(id).digest('base64url');

// The session read once per request, whichever helper asks first.
const resolved = new WeakMap<FastifyRequest, Promise<ActiveSession | null>>();

function sessionDb(request: FastifyRequest): DbOrTx {
  return request.server.deps.database.db;
}

function cookieOptions(request: FastifyRequest, maxAgeMs: number) {
  return {
    signed: true,
    httpOnly: true,
    sameSite: 'lax' as const,
    path: '/',
    secure: request.server.deps.config.PUBLIC_URL.startsWith('https:'),
    maxAge: Math.max(0, Math.floor(maxAgeMs / 1000)),
  };
}

/** The id carried by the request's cookie, when it is present and its signature holds. */
function cookieSessionId(request: FastifyRequest): string | null {
  const raw = request.cookies[SESSION_COOKIE];
  if (!raw) return null;
  const unsigned = request.unsignCookie(raw);
  return unsigned.valid && unsigned.value ? unsigned.value : null;
}

async function loadSession(request: FastifyRequest): Promise<ActiveSession | null> {
  const id = cookieSessionId(request);
  if (!id) return null;
  const db = sessionDb(request);
  const sid = hashSessionId(id);
  const now = Date.now();
  const [row] = await db
    .select()
    .from(session)
    .where(and(eq(session.sid, sid), gt(session.expire, new Date(now))))
    .limit(1);
  if (!row) return null;
  const stored = row.sess as unknown as StoredSession;
  const active: ActiveSession = {
    sid,
    identity: { customerId: stored.customerId, adminId: stored.adminId },
    expire: row.expire,
    absoluteExpiresAt: stored.absoluteExpiresAt,
  };
  const slidTo = Math.min(now + SESSION_IDLE_MS, stored.absoluteExpiresAt);
  if (slidTo - row.expire.getTime() >= TOUCH_INTERVAL_MS) {
    active.expire = new Date(slidTo);
    await db.update(session).set({ expire: active.expire }).where(eq(session.sid, sid));
  }
  return active;
}

/** The request's live session, or null; read from the database at most once per request. */
export function getSession(request: FastifyRequest): Promise<ActiveSession | null> {
  let pending = resolved.get(request);
  if (!pending) {
    pending = loadSession(request);
    resolved.set(request, pending);
  }
  return pending;
}

export async function getSessionCustomerId(request: FastifyRequest): Promise<string | null> {
  return (await getSession(request))?.identity.customerId ?? null;
}

/** The signed-in customer's id; a 401 `{ message: 'Not authenticated' }` otherwise. */
export async function requireCustomerId(request: FastifyRequest): Promise<string> {
  const customerId = await getSessionCustomerId(request);
  if (!customerId) throw unauthorized('Not authenticated');
  return customerId;
}

/**
 * Signs an identity in under a NEW session id (no session fixation): the previous row is
 * deleted, an identity of the other kind it held is carried over, and the cookie replaced.
 */
export async function startSession(request: FastifyRequest, reply: FastifyReply, identity: SessionIdentity): Promise<void> {
  const db = sessionDb(request);
  const previous = await getSession(request);
  if (previous) await db.delete(session).where(eq(session.sid, previous.sid));

  const id = randomBytes(32).toString('base64url');
  const now = Date.now();
  const stored: StoredSession = { ...previous?.identity, ...identity, absoluteExpiresAt: now + SESSION_ABSOLUTE_MS };
  const expire = new Date(now + SESSION_IDLE_MS);
  const sid = hashSessionId(id);
  await db.insert(session).values({ sid, sess: stored as unknown as Record<string, unknown>, expire });

  reply.setCookie(SESSION_COOKIE, id, cookieOptions(request, SESSION_ABSOLUTE_MS));
  const identityNow = { customerId: stored.customerId, adminId: stored.adminId };
  resolved.set(request, Promise.resolve({ sid, identity: identityNow, expire, absoluteExpiresAt: stored.absoluteExpiresAt }));
}

export function startCustomerSession(request: FastifyRequest, reply: FastifyReply, customerId: string): Promise<void> {
  return startSession(request, reply, { customerId });
}

/** Ends the request's session: deletes its row (expired or not) and clears the cookie. */
export async function endSession(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const id = cookieSessionId(request);
  if (id) await sessionDb(request).delete(session).where(eq(session.sid, hashSessionId(id)));
  reply.clearCookie(SESSION_COOKIE, { path: '/' });
  resolved.set(request, Promise.resolve(null));
}

/** Signs a customer out everywhere, as a password change or an email proof requires. */
export async function endCustomerSessions(db: DbOrTx, customerId: string): Promise<void> {
  await db.delete(session).where(sql`${session.sess}->>'customerId' = ${customerId}`);
}

/** Removes ended sessions; returns how many. Scheduled by the jobs engine. */
export async function deleteExpiredSessions(db: DbOrTx): Promise<number> {
  const removed = await db.delete(session).where(lte(session.expire, new Date())).returning({ sid: session.sid });
  return removed.length;
}
