import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { AuditEntry } from '../../src/contract/admin-audit';
import { admins, auditLog, session } from '../../src/server/schema';
import { ensureAdmin, setAdminPassword } from '../../src/server/features/admin/service';
import { adminCookieOf, signInAdmin, TEST_ADMIN } from '../support/admins';
import { registerCustomer } from '../support/customers';
import { useTestApp } from '../support/test-app';

const HOUR = 60 * 60 * 1000;
const auth = (t: ReturnType<typeof useTestApp>, cookies: Record<string, string>) => t.app.inject({ method: 'GET', url: '/api/admin/auth', cookies });

describe('admin sign-in', () => {
  const t = useTestApp();

  it('signs the admin in with its own cookie, and GET /api/admin/auth names it', async () => {
    const cookies = await signInAdmin(t);
    const response = await auth(t, cookies);
    expect(response.statusCode).toBe(200);
    expect(response.json().admin.username).toBe('owner');
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it.each([
    ['an unknown username', { username: 'nobody', password: TEST_ADMIN.password }],
    ['a wrong password', { username: TEST_ADMIN.username, password: 'wrong-password-123' }],
  ])('answers 401 "Invalid admin credentials" for %s', async (_case, payload) => {
    await signInAdmin(t);
    const response = await t.app.inject({ method: 'POST', url: '/api/admin/login', payload });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: 'Invalid admin credentials' });
    expect(response.cookies.find((cookie) => cookie.name === 'asid')).toBeUndefined();
  });

  it.each([
    [{ password: 'x' }, 'Username is required'],
    [{ username: '  ', password: 'x' }, 'Username is required'],
    [{ username: 'owner' }, 'Password is required'],
    [{ username: 'owner', password: '' }, 'Password is required'],
  ])('refuses %j with "%s"', async (payload, message) => {
    const response = await t.app.inject({ method: 'POST', url: '/api/admin/login', payload });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message });
  });

  it('limits failed sign-ins from one address, and a success gives the attempt back', async () => {
    await signInAdmin(t);
    const attempt = (password: string) =>
      t.app.inject({ method: 'POST', url: '/api/admin/login', remoteAddress: '203.0.113.9', payload: { username: 'owner', password } });
    for (let i = 0; i < 9; i++) expect((await attempt('wrong-password-123')).statusCode).toBe(401);
    expect((await attempt(TEST_ADMIN.password)).statusCode).toBe(200);
    expect((await attempt('wrong-password-123')).statusCode).toBe(401);
    const limited = await attempt(TEST_ADMIN.password);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toMatch(/^Too many failed sign-in attempts\. Please try again in \d+ minutes?\.$/);
  });

  it('slows a guess spread over many addresses without locking the owner out (decision 0013)', async () => {
    await signInAdmin(t);
    const attempt = (ip: string, password: string) =>
      t.app.inject({ method: 'POST', url: '/api/admin/login', remoteAddress: ip, payload: { username: 'owner', password } });
    for (let i = 1; i <= 12; i++) expect((await attempt(`198.51.100.${i}`, 'wrong-password-123')).statusCode).toBe(401);
    // Under attack each guessing address has 3 tries on the account in all ...
    expect((await attempt('198.51.100.1', 'wrong-password-123')).statusCode).toBe(401);
    expect((await attempt('198.51.100.1', 'wrong-password-123')).statusCode).toBe(401);
    const slowed = await attempt('198.51.100.1', 'wrong-password-123');
    expect(slowed.statusCode).toBe(429);
    expect(Number(slowed.headers['retry-after'])).toBeGreaterThan(0);
    // ... while the owner, from an address of their own, still signs in.
    expect((await attempt('192.0.2.44', TEST_ADMIN.password)).statusCode).toBe(200);
  });

  it('lasts 2 hours idle and 12 hours at most', async () => {
    await signInAdmin(t);
    const before = Date.now();
    const login = await t.app.inject({ method: 'POST', url: '/api/admin/login', payload: TEST_ADMIN });
    const cookie = login.cookies.find((c) => c.name === 'asid')!;
    expect(cookie.maxAge).toBe(12 * 60 * 60);
    expect(cookie.httpOnly).toBe(true);
    expect(cookie.sameSite).toBe('Lax');
    const rows = await t.database.db.select().from(session);
    const adminRow = rows.find((row) => (row.sess as { adminId?: string }).adminId)!;
    expect(adminRow.expire.getTime()).toBeGreaterThanOrEqual(before + 2 * HOUR - 1000);
    expect(adminRow.expire.getTime()).toBeLessThanOrEqual(Date.now() + 2 * HOUR + 1000);
    expect((adminRow.sess as { absoluteExpiresAt: number }).absoluteExpiresAt).toBeLessThanOrEqual(Date.now() + 12 * HOUR);
  });

  it('gives a new session id at every sign-in and logs out for good', async () => {
    const first = await signInAdmin(t);
    const again = await t.app.inject({ method: 'POST', url: '/api/admin/login', payload: TEST_ADMIN, cookies: first });
    const second = adminCookieOf(again);
    expect(second.asid).not.toBe(first.asid);
    expect((await auth(t, first)).statusCode).toBe(401);

    const logout = await t.app.inject({ method: 'POST', url: '/api/admin/logout', cookies: second });
    expect(logout.statusCode).toBe(200);
    expect((await auth(t, second)).statusCode).toBe(401);
  });

  it('writes sign-in, sign-out and a wrong password to the audit log with the admin and its address; an unknown username names no admin there', async () => {
    await setAdminPassword(t.database.db, TEST_ADMIN.username, TEST_ADMIN.password);
    const from = { remoteAddress: '203.0.113.7' };
    const unknown = await t.app.inject({ method: 'POST', url: '/api/admin/login', payload: { ...TEST_ADMIN, username: 'nobody' }, ...from });
    expect(unknown.statusCode).toBe(401);
    const refused = await t.app.inject({ method: 'POST', url: '/api/admin/login', payload: { ...TEST_ADMIN, password: 'wrong-password-123' }, ...from });
    expect(refused.statusCode).toBe(401);
    const cookies = adminCookieOf(await t.app.inject({ method: 'POST', url: '/api/admin/login', payload: TEST_ADMIN, ...from }));
    const [admin] = await t.database.db.select().from(admins).where(eq(admins.username, TEST_ADMIN.username));
    const page = await t.app.inject({ method: 'GET', url: '/api/admin/audit-log', cookies });
    const shown = page.json<AuditEntry[]>().map(({ adminUsername, action, targetType, targetId, before, after }) => ({ adminUsername, action, targetType, targetId, before, after }));
    expect(shown).toEqual([
      { adminUsername: 'owner', action: 'admin.sign_in', targetType: 'admin', targetId: admin!.id, before: {}, after: { address: '203.0.113.7' } },
      // Decision 0096: a refused sign-in of a known admin is that admin's entry.
      { adminUsername: 'owner', action: 'admin.sign_in_refused', targetType: 'admin', targetId: admin!.id, before: {}, after: { address: '203.0.113.7', reason: 'wrong_password' } },
    ]);

    expect((await t.app.inject({ method: 'POST', url: '/api/admin/logout', cookies, ...from })).statusCode).toBe(200);
    const rows = await t.database.db.select().from(auditLog).orderBy(asc(auditLog.createdAt));
    expect(rows.map(({ adminId, action, targetId, after }) => ({ adminId, action, targetId, after }))).toEqual([
      { adminId: admin!.id, action: 'admin.sign_in_refused', targetId: admin!.id, after: { address: '203.0.113.7', reason: 'wrong_password' } },
      { adminId: admin!.id, action: 'admin.sign_in', targetId: admin!.id, after: { address: '203.0.113.7' } },
      { adminId: admin!.id, action: 'admin.sign_out', targetId: admin!.id, after: { address: '203.0.113.7' } },
    ]);
  });
});

describe('admin and customer sessions in one browser', () => {
  const t = useTestApp();

  it('keeps each apart: signing one in or out never touches the other', async () => {
    const customer = await registerCustomer(t.app);
    const admin = await signInAdmin(t);
    const both = { ...customer.cookies, ...admin };
    const me = () => t.app.inject({ method: 'GET', url: '/api/auth/me', cookies: both });

    // An admin sign-in in a browser that has a customer session leaves the customer signed in.
    const adminAgain = await t.app.inject({ method: 'POST', url: '/api/admin/login', payload: TEST_ADMIN, cookies: both });
    both.asid = adminCookieOf(adminAgain).asid;
    expect((await me()).json()).toHaveProperty('email');

    // The customer signing out leaves the admin signed in ...
    expect((await t.app.inject({ method: 'POST', url: '/api/logout', cookies: both })).statusCode).toBe(200);
    expect((await me()).json()).toBeNull();
    expect((await auth(t, both)).statusCode).toBe(200);

    // ... and the admin signing out leaves a customer session alone.
    const customerAgain = await registerCustomer(t.app);
    const third = { ...customerAgain.cookies, asid: both.asid };
    expect((await t.app.inject({ method: 'POST', url: '/api/admin/logout', cookies: third })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/me', cookies: third })).json()).toHaveProperty('email');
  });

  it('never reads a customer session as an admin one, even under the admin cookie', async () => {
    const customer = await registerCustomer(t.app);
    expect((await auth(t, customer.cookies)).statusCode).toBe(401);
    expect((await auth(t, { asid: customer.cookies.sid })).statusCode).toBe(401);
  });
});

describe('the admin account at start-up', () => {
  const t = useTestApp();
  const silent = { warn: () => {} } as never;

  it('creates the ADMIN_USERNAME admin, and updates its password on a later start', async () => {
    await ensureAdmin(t.database.db, { ADMIN_USERNAME: 'boss', ADMIN_PASSWORD: 'first-password-1' }, silent);
    await ensureAdmin(t.database.db, { ADMIN_USERNAME: 'boss', ADMIN_PASSWORD: 'second-password-2' }, silent);
    expect(await t.database.db.select().from(admins)).toHaveLength(1);
    const login = (password: string) => t.app.inject({ method: 'POST', url: '/api/admin/login', payload: { username: 'boss', password } });
    expect((await login('first-password-1')).statusCode).toBe(401);
    expect((await login('second-password-2')).statusCode).toBe(200);
  });

  it('with no settings and no admin, makes one with a random password logged once, and never again', async () => {
    const logged: Array<{ username: string; password: string }> = [];
    const logger = { warn: (details: { username: string; password: string }) => logged.push(details) } as never;
    await ensureAdmin(t.database.db, {}, logger);
    await ensureAdmin(t.database.db, {}, logger);
    expect(logged).toHaveLength(1);
    expect(logged[0]!.username).toBe('admin');
    expect(logged[0]!.password.length).toBeGreaterThanOrEqual(12);
    expect(await t.database.db.select().from(admins).where(eq(admins.username, 'admin'))).toHaveLength(1);
    const login = await t.app.inject({ method: 'POST', url: '/api/admin/login', payload: logged[0] });
    expect(login.statusCode).toBe(200);
  });

  it('stores an argon2id hash, never the password', async () => {
    await signInAdmin(t);
    const [row] = await t.database.db.select().from(admins);
    expect(row!.password).toMatch(/^\$argon2id\$/);
    expect(row!.password).not.toContain(TEST_ADMIN.password);
  });
});
