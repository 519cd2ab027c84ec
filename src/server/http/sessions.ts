import { hash, randomBytes } from 'node:crypto';
import { and, eq, gt, lte, ne, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '#server/config';
import type { DbOrTx } from '#server/db/connect';
import { prebuilt } from '#server/db/prebuilt';
import { session } from './schema';
import { cookieName, storeCookieOptions, type StoreCookie } from './cookies';
import { unauthorized } from './errors';

/**
 * Server-side sessions (ARCHITECTURE D6). The browser holds only a signed cookie with a
 * random 256-bit id; the row (keyed by a SHA-256 of that id, so a leaked table cannot be
 * replayed as cookies) holds who is signed in. Any instance can read any session, a
 * restart loses none, and deleting the row really ends the session.
 *
 * A customer and an administrator are separate sessions (D6): each kind has its own
 * cookie, its own row and its own lifetimes, so signing one in or out never touches the
 * other, and a row of one kind is never read as the other (its identity field differs).
 *
 * Nothing here runs unless a route asks: routes that need no session (the catalog,
 * static files) pay nothing for it.
 */
export interface SessionKind {
  /** The cookie's plain name; cookies.ts decides the name it is set under. */
  cookie: Extract<StoreCookie, 'sid' | 'asid'>;
  /** The row's field naming who is signed in. */
  field: 'customerId' | 'adminId';
  /** A session unused this long ends. */
  idleMs: number;
  /** A session ends this long after sign-in, however active. */
  absoluteMs: number;
}

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

export const CUSTOMER_SESSION: SessionKind = { cookie: 'sid', field: 'customerId', idleMs: 7 * DAY_MS, absoluteMs: 30 * DAY_MS };
/** Shorter than a customer's: an admin session reads every customer's credentials. */
export const ADMIN_SESSION: SessionKind = { cookie: 'asid', field: 'adminId', idleMs: 2 * HOUR_MS, absoluteMs: 12 * HOUR_MS };

/** The sliding expiry is written at most this often, to keep reads from turning into writes. */
const TOUCH_INTERVAL_MS = 60 * 1000;

interface StoredSession {
  customerId?: string;
  adminId?: string;
  /** Epoch ms after which the session ends however active it is. */
  absoluteExpiresAt: number;
}

export interface ActiveSession {
  /** The row key (a hash of the cookie's id). */
  sid: string;
  /** Who is signed in: a customer's or an admin's id, as the kind says. */
  subjectId: string;
  expire: Date;
  absoluteExpiresAt: number;
}

const hashSessionId = (id: string) => hash('sha256', id, 'base64url');

// Each kind's session read once per request, whichever helper asks first.
const resolved = new WeakMap<FastifyRequest, Map<SessionKind, Promise<ActiveSession | null>>>();

function remember(request: FastifyRequest, kind: SessionKind, value: Promise<ActiveSession | null>) {
  let byKind = resolved.get(request);
  if (!byKind) resolved.set(request, (byKind = new Map<SessionKind, Promise<ActiveSession | null>>()));
  byKind.set(kind, value);
  return value;
}

/** The id carried by the kind's cookie, when it is present and its signature holds. */
function cookieSessionId(request: FastifyRequest, cookie: string): string | null {
  const raw = request.cookies[cookie];
  if (!raw) return null;
  const unsigned = request.unsignCookie(raw);
  return unsigned.valid && unsigned.value ? unsigned.value : null;
}

// Read on every signed-in request: its text is built once per process (decision 0039).
const liveSession = prebuilt((db) =>
  db
    .select()
    .from(session)
    .where(and(eq(session.sid, sql.placeholder('sid')), gt(session.expire, sql.placeholder('now'))))
    .limit(1),
);

/**
 * The session calls of one store, made once in the wiring (app.ts) from its database and
 * configuration and handed to the route plugins that use them (decision 0080).
 */
export function createSessions({ db, config }: { db: DbOrTx; config: Pick<Config, 'PUBLIC_URL'> }) {
  const cookieOf = (kind: SessionKind) => cookieName(config, kind.cookie);

  async function loadSession(request: FastifyRequest, kind: SessionKind): Promise<ActiveSession | null> {
    const id = cookieSessionId(request, cookieOf(kind));
    if (!id) return null;
    const sid = hashSessionId(id);
    const now = Date.now();
    const [row] = await liveSession(db, { sid, now: new Date(now) });
    const stored = row?.sess as unknown as StoredSession | undefined;
    const subjectId = stored?.[kind.field];
    if (!row || !stored || !subjectId) return null;
    const active: ActiveSession = { sid, subjectId, expire: row.expire, absoluteExpiresAt: stored.absoluteExpiresAt };
    const slidTo = Math.min(now + kind.idleMs, stored.absoluteExpiresAt);
    if (slidTo - row.expire.getTime() >= TOUCH_INTERVAL_MS) {
      active.expire = new Date(slidTo);
      await db.update(session).set({ expire: active.expire }).where(eq(session.sid, sid));
    }
    return active;
  }

  /** The request's live session of that kind, or null; read from the database at most once per request. */
  function getSession(request: FastifyRequest, kind: SessionKind): Promise<ActiveSession | null> {
    return resolved.get(request)?.get(kind) ?? remember(request, kind, loadSession(request, kind));
  }

  /**
   * Signs someone in under a NEW session id of that kind (no session fixation): the kind's
   * previous row is deleted and its cookie replaced; a session of the other kind is untouched.
   */
  async function startSession(request: FastifyRequest, reply: FastifyReply, kind: SessionKind, subjectId: string): Promise<void> {
    const previous = cookieSessionId(request, cookieOf(kind));
    if (previous) await db.delete(session).where(eq(session.sid, hashSessionId(previous)));

    const id = randomBytes(32).toString('base64url');
    const now = Date.now();
    const stored: StoredSession = { [kind.field]: subjectId, absoluteExpiresAt: now + kind.absoluteMs };
    const expire = new Date(now + kind.idleMs);
    const sid = hashSessionId(id);
    await db.insert(session).values({ sid, sess: stored as unknown as Record<string, unknown>, expire });

    reply.setCookie(cookieOf(kind), id, storeCookieOptions(config, kind.absoluteMs / 1000));
    void remember(request, kind, Promise.resolve({ sid, subjectId, expire, absoluteExpiresAt: stored.absoluteExpiresAt }));
  }

  /** Ends the request's session of that kind: deletes its row (expired or not) and clears its cookie. */
  async function endSession(request: FastifyRequest, reply: FastifyReply, kind: SessionKind): Promise<void> {
    const id = cookieSessionId(request, cookieOf(kind));
    if (id) await db.delete(session).where(eq(session.sid, hashSessionId(id)));
    reply.clearCookie(cookieOf(kind), storeCookieOptions(config));
    void remember(request, kind, Promise.resolve(null));
  }

  async function getSessionCustomerId(request: FastifyRequest): Promise<string | null> {
    return (await getSession(request, CUSTOMER_SESSION))?.subjectId ?? null;
  }

  /** The signed-in customer's id; a 401 `{ message: 'Not authenticated' }` otherwise. */
  async function requireCustomerId(request: FastifyRequest): Promise<string> {
    const customerId = await getSessionCustomerId(request);
    if (!customerId) throw unauthorized('Not authenticated');
    return customerId;
  }

  function startCustomerSession(request: FastifyRequest, reply: FastifyReply, customerId: string): Promise<void> {
    return startSession(request, reply, CUSTOMER_SESSION, customerId);
  }

  return { getSession, startSession, endSession, getSessionCustomerId, requireCustomerId, startCustomerSession };
}

export type Sessions = ReturnType<typeof createSessions>;

/** Signs a customer out everywhere, as a password change or an email proof requires. */
export async function endCustomerSessions(db: DbOrTx, customerId: string): Promise<void> {
  await db.delete(session).where(sql`${session.sess}->>'customerId' = ${customerId}`);
}

/** Signs an admin out everywhere but the session kept (a password change keeps the one that made it; decision 0098). */
export async function endAdminSessions(db: DbOrTx, adminId: string, keepSid: string | null = null): Promise<void> {
  const theirs = sql`${session.sess}->>'adminId' = ${adminId}`;
  await db.delete(session).where(keepSid === null ? theirs : and(theirs, ne(session.sid, keepSid)));
}

/** Removes ended sessions of every kind; returns how many. Scheduled by the jobs engine. */
export async function deleteExpiredSessions(db: DbOrTx): Promise<number> {
  const removed = await db.delete(session).where(lte(session.expire, new Date())).returning({ sid: session.sid });
  return removed.length;
}
