import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import { session } from '../../src/server/schema';
import { deleteExpiredSessions } from '../../src/server/http/sessions';
import { loginCustomer, newRegistration, registerCustomer } from '../support/customers';
import { testConfig, useTestApp } from '../support/test-app';

const HOUR = 60 * 60 * 1000;
/** A customer session unused for 7 days ends. */
const SESSION_IDLE_MS = 7 * 24 * HOUR;
const me = (t: ReturnType<typeof useTestApp>, cookies: { sid: string }) => t.app.inject({ method: 'GET', url: '/api/auth/me', cookies });

describe('sessions', () => {
  const t = useTestApp();

  it('sets an httpOnly, SameSite=Lax, path-wide signed cookie, not Secure over http', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/register',
      payload: { firstName: 'A', lastName: 'B', email: 'cookie@example.com', password: 'secret1', confirmPassword: 'secret1' },
    });
    const cookie = response.cookies.find((c) => c.name === 'sid')!;
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(cookie.secure).toBeFalsy();
    expect(cookie.maxAge).toBe(30 * 24 * 60 * 60);
    // 256 random bits, then the signature.
    expect(cookie.value).toMatch(/^[A-Za-z0-9_-]{43}\.[A-Za-z0-9+/_-]+=*$/);
  });

  it('keeps only a hash of the session id in the database', async () => {
    const { cookies, customer } = await registerCustomer(t.app);
    const rows = await t.database.db.select().from(session);
    expect(rows).toHaveLength(1);
    const id = cookies.sid.split('.')[0]!;
    expect(rows[0]!.sid).not.toContain(id);
    expect(rows[0]!.sess).toMatchObject({ customerId: customer.id });
  });

  it('refuses a cookie whose signature does not hold', async () => {
    const { cookies } = await registerCustomer(t.app);
    const [id] = cookies.sid.split('.');
    expect((await me(t, { sid: `${id}.forged` })).json()).toBeNull();
    expect((await me(t, { sid: id! })).json()).toBeNull();
  });

  it('gives a new session id at every sign-in and ends the one the browser had (no fixation)', async () => {
    const { cookies: before, customer } = await registerCustomer(t.app);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: customer.email, password: 'analytical-engine' },
      cookies: before,
    });
    const after = response.cookies.find((c) => c.name === 'sid')!.value;
    expect(after).not.toBe(before.sid);
    expect((await me(t, before)).json()).toBeNull();
    expect((await me(t, { sid: after })).json()).toHaveProperty('email');
    expect(await t.database.db.select().from(session)).toHaveLength(1);
  });

  it('ends a session unused for longer than its idle time', async () => {
    const { cookies } = await registerCustomer(t.app);
    await t.database.db.update(session).set({ expire: new Date(Date.now() - 1000) });
    expect((await me(t, cookies)).json()).toBeNull();
  });

  it('slides the idle expiry when used, writing it at most once a minute', async () => {
    const { cookies } = await registerCustomer(t.app);
    const soon = new Date(Date.now() + HOUR);
    await t.database.db.update(session).set({ expire: soon });
    expect((await me(t, cookies)).json()).toHaveProperty('email');
    const [slid] = await t.database.db.select().from(session);
    expect(slid!.expire.getTime()).toBeGreaterThan(Date.now() + SESSION_IDLE_MS - HOUR);

    // Just refreshed: the next request reads without writing.
    const justWritten = new Date(Date.now() + SESSION_IDLE_MS - 10_000);
    await t.database.db.update(session).set({ expire: justWritten });
    await me(t, cookies);
    const [kept] = await t.database.db.select().from(session);
    expect(kept!.expire.getTime()).toBe(justWritten.getTime());
  });

  it('never slides past the absolute expiry, and ends there however active', async () => {
    const { cookies } = await registerCustomer(t.app);
    const [row] = await t.database.db.select().from(session);
    const absoluteSoon = Date.now() + 2 * HOUR;
    await t.database.db
      .update(session)
      .set({ sess: { ...row!.sess, absoluteExpiresAt: absoluteSoon }, expire: new Date(Date.now() + HOUR) });
    expect((await me(t, cookies)).json()).toHaveProperty('email');
    const [capped] = await t.database.db.select().from(session);
    expect(capped!.expire.getTime()).toBe(absoluteSoon);

    await t.database.db
      .update(session)
      .set({ sess: { ...row!.sess, absoluteExpiresAt: Date.now() - 1000 }, expire: new Date(Date.now() - 1000) });
    expect((await me(t, cookies)).json()).toBeNull();
  });

  it('survives a restart: a new app on the same database knows the session', async () => {
    const { cookies, customer } = await registerCustomer(t.app);
    const restarted = await buildApp({ config: testConfig(), database: t.database, clientDir: null });
    try {
      const response = await restarted.inject({ method: 'GET', url: '/api/auth/me', cookies });
      expect(response.statusCode).toBe(200);
      expect(response.json().id).toBe(customer.id);
    } finally {
      await restarted.close();
    }
  });

  it('refuses cookies signed with another secret', async () => {
    const { cookies } = await registerCustomer(t.app);
    const config = { ...testConfig(), SESSION_SECRET: 'another-secret-of-at-least-32-characters' };
    const other = await buildApp({ config, database: t.database, clientDir: null });
    try {
      expect((await other.inject({ method: 'GET', url: '/api/auth/me', cookies })).json()).toBeNull();
    } finally {
      await other.close();
    }
  });

  it('keeps separate customers apart', async () => {
    const a = await registerCustomer(t.app);
    const b = await registerCustomer(t.app);
    expect((await me(t, a.cookies)).json().id).toBe(a.customer.id);
    expect((await me(t, b.cookies)).json().id).toBe(b.customer.id);
    await t.app.inject({ method: 'POST', url: '/api/logout', cookies: a.cookies });
    expect((await me(t, b.cookies)).json()).toHaveProperty('email');
  });

  it('deleteExpiredSessions removes only ended sessions', async () => {
    const a = await registerCustomer(t.app);
    const b = await registerCustomer(t.app);
    await t.database.db.update(session).set({ expire: new Date(Date.now() - 1000) }).where(eq(session.sid, await sidOf(t, a.customer.id)));
    expect(await deleteExpiredSessions(t.database.db)).toBe(1);
    expect((await me(t, b.cookies)).json()).toHaveProperty('email');
    expect(await t.database.db.select().from(session)).toHaveLength(1);
  });

  it('marks the cookie Secure when PUBLIC_URL is https', async () => {
    const secure = await buildApp({ config: testConfig({ PUBLIC_URL: 'https://shop.example.com', DEMO_MODE: 'true' }), database: t.database, clientDir: null });
    try {
      await registerCustomer(t.app, { email: 'tls@example.com' });
      const response = await secure.inject({ method: 'POST', url: '/api/login', payload: { email: 'tls@example.com', password: 'analytical-engine' } });
      expect(response.cookies.find((c) => c.name === '__Host-sid')).toMatchObject({ secure: true, httpOnly: true, sameSite: 'Lax' });
    } finally {
      await secure.close();
    }
  });

  it('reads no session for the catalog', async () => {
    await loginCustomer(t.app, (await registerCustomer(t.app)).customer.email, 'analytical-engine').then(async ({ cookies }) => {
      await t.database.db.update(session).set({ expire: new Date(Date.now() + HOUR) });
      await t.app.inject({ method: 'GET', url: '/api/packages', cookies });
      const [row] = await t.database.db.select().from(session);
      // Not slid: the catalog never looked at the session.
      expect(row!.expire.getTime()).toBeLessThan(Date.now() + 2 * HOUR);
    });
  });
});

async function sidOf(t: ReturnType<typeof useTestApp>, customerId: string): Promise<string> {
  const rows = await t.database.db.select().from(session);
  return rows.find((row) => (row.sess as { customerId?: string }).customerId === customerId)!.sid;
}

describe('cross-site request refusal', () => {
  const t = useTestApp({ PUBLIC_URL: 'https://shop.example.com', DEMO_MODE: 'true' });
  const login = (headers: Record<string, string>, url = '/api/login') =>
    t.app.inject({ method: 'POST', url, payload: { email: 'x@example.com', password: 'whatever1' }, headers });

  it.each([
    [{ origin: 'https://evil.example.net' }],
    [{ origin: 'http://shop.example.com' }],
    [{ origin: 'https://shop.example.com:8443' }],
    [{ origin: 'null' }],
    [{ referer: 'https://evil.example.net/page' }],
    [{ origin: 'https://evil.example.net', referer: 'https://shop.example.com/login' }],
    [{ referer: 'not a url' }],
  ])('refuses a state-changing API call with %o', async (headers) => {
    const response = await login(headers);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ message: 'Cross-site request refused' });
  });

  it.each([
    [{ origin: 'https://shop.example.com' }],
    [{ referer: 'https://shop.example.com/login?next=1' }],
    [{}],
  ])('lets %o through', async (headers) => {
    expect((await login(headers)).statusCode).toBe(401);
  });

  it('lets reads and the providers\' webhooks through from anywhere', async () => {
    const evil = { origin: 'https://evil.example.net' };
    expect((await t.app.inject({ method: 'GET', url: '/api/packages', headers: evil })).statusCode).toBe(200);
    for (const url of ['/api/stripe/webhook', '/api/crypto/ipn']) {
      expect((await t.app.inject({ method: 'POST', url, payload: {}, headers: evil })).statusCode).not.toBe(403);
    }
  });

  it("asks browsers for a referrer policy under which our own POSTs carry their Origin", async () => {
    const page = await t.app.inject({ method: 'GET', url: '/api/auth/me' });
    expect(page.headers['referrer-policy']).toBe('same-origin');
  });

  it('refuses a cross-site logout, which would end the session', async () => {
    const registered = await t.app.inject({ method: 'POST', url: '/api/register', payload: newRegistration() });
    // An https store names its session cookie with the __Host- prefix (decision 0016).
    const cookies = { '__Host-sid': registered.cookies.find((c) => c.name === '__Host-sid')!.value };
    const response = await t.app.inject({ method: 'POST', url: '/api/logout', cookies, headers: { origin: 'https://evil.example.net' } });
    expect(response.statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/me', cookies })).json()).toHaveProperty('email');
  });
});

describe('cross-site request refusal in development', () => {
  const t = useTestApp({ NODE_ENV: 'development', PUBLIC_URL: 'http://localhost:5000' });

  it('also accepts the Vite dev server', async () => {
    const from = (origin: string) =>
      t.app.inject({ method: 'POST', url: '/api/login', payload: { email: 'x@example.com', password: 'whatever1' }, headers: { origin } });
    expect((await from('http://localhost:5173')).statusCode).toBe(401);
    expect((await from('http://localhost:5000')).statusCode).toBe(401);
    expect((await from('http://localhost:4000')).statusCode).toBe(403);
  });
});
