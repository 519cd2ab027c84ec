import { asc, desc, eq } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { describe, expect, it } from 'vitest';
import { admins, adminRecoveryCodes, auditLog } from '../../src/server/schema';
import { settableClock } from '../../src/server/lib/clock';
import { signInAdmin, TEST_ADMIN } from '../support/admins';
import { useTestApp } from '../support/test-app';

const PERIOD_MS = 30_000;
/** A period's start, so that a test's steps never straddle a boundary. */
const START = new Date(Math.floor(Date.now() / PERIOD_MS) * PERIOD_MS);

/** The code an authenticator app shows for `secret` at `at`. */
const codeAt = (secret: string, at: Date) => new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 }).generate({ timestamp: at.getTime() });

describe('two-factor sign-in for the admin (TOTP)', () => {
  const clock = settableClock(START);
  const t = useTestApp({}, { clock });

  const login = (payload: Record<string, string>, remoteAddress = '203.0.113.20') =>
    t.app.inject({ method: 'POST', url: '/api/admin/login', payload: { ...TEST_ADMIN, ...payload }, remoteAddress });
  const post = (url: string, cookies: Record<string, string>, payload?: Record<string, string>) => t.app.inject({ method: 'POST', url, cookies, ...(payload ? { payload } : {}) });

  /** Signs in, sets two-factor up and turns it on; returns the secret, the recovery codes and the session. */
  async function enableTwoFactor() {
    clock.set(START);
    const cookies = await signInAdmin(t);
    const setup = await post('/api/admin/2fa/setup', cookies);
    expect(setup.statusCode).toBe(200);
    const { secret, otpauthUrl } = setup.json<{ secret: string; otpauthUrl: string }>();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(otpauthUrl).toMatch(/^otpauth:\/\/totp\/.*owner\?/);
    expect(otpauthUrl).toContain(`secret=${secret}`);
    const enable = await post('/api/admin/2fa/enable', cookies, { code: codeAt(secret, clock.now()) });
    expect(enable.statusCode).toBe(200);
    const { recoveryCodes } = enable.json<{ recoveryCodes: string[] }>();
    return { secret, recoveryCodes, cookies };
  }

  it('asks for a code once on, accepts each code once, only for its period and the one before', async () => {
    const { secret, recoveryCodes } = await enableTwoFactor();
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);

    const withoutCode = await login({});
    expect(withoutCode.statusCode).toBe(401);
    expect(withoutCode.json()).toEqual({ twoFactorRequired: true, message: 'Authentication code required' });
    expect(withoutCode.cookies.find((cookie) => cookie.name === 'asid')).toBeUndefined();

    clock.advance(PERIOD_MS);
    const right = codeAt(secret, clock.now());
    const wrong = right === '000000' ? '111111' : '000000';
    const wrongCode = await login({ code: wrong });
    expect(wrongCode.statusCode).toBe(401);
    expect(wrongCode.json()).toEqual({ twoFactorRequired: true, message: 'Invalid authentication code' });

    const signedIn = await login({ code: right });
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json().admin.username).toBe('owner');

    const again = await login({ code: right });
    expect(again.statusCode).toBe(401);
    expect(again.json()).toEqual({ twoFactorRequired: true, message: 'Invalid authentication code' });

    // Ten periods on: a code 2 periods old is refused, one period old is accepted.
    clock.advance(10 * PERIOD_MS);
    expect((await login({ code: codeAt(secret, new Date(clock.now().getTime() - 2 * PERIOD_MS)) })).statusCode).toBe(401);
    expect((await login({ code: codeAt(secret, new Date(clock.now().getTime() - PERIOD_MS)) })).statusCode).toBe(200);
    // The current period's code is still accepted after its predecessor's, but the predecessor is not again.
    expect((await login({ code: codeAt(secret, clock.now()) })).statusCode).toBe(200);
    // A code of the next period is not accepted early.
    expect((await login({ code: codeAt(secret, new Date(clock.now().getTime() + PERIOD_MS)) })).statusCode).toBe(401);

    // The password stays checked first, with the spec's answer.
    const wrongPassword = await login({ password: 'wrong-password-123', code: codeAt(secret, clock.now()) });
    expect(wrongPassword.statusCode).toBe(401);
    expect(wrongPassword.json()).toEqual({ message: 'Invalid admin credentials' });
  });

  it('takes a recovery code in place of a code, once, in any case and spacing', async () => {
    const { recoveryCodes } = await enableTwoFactor();
    const [first, second] = recoveryCodes as [string, string];
    expect(first).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    expect((await login({ code: first })).statusCode).toBe(200);
    const reused = await login({ code: first });
    expect(reused.statusCode).toBe(401);
    expect(reused.json()).toEqual({ twoFactorRequired: true, message: 'Invalid authentication code' });
    expect((await login({ code: ` ${second.toUpperCase().replace('-', ' ')} ` })).statusCode).toBe(200);

    // Stored as hashes, never as the codes; the secret is never answered again.
    const stored = await t.database.db.select().from(adminRecoveryCodes);
    expect(stored).toHaveLength(8);
    expect(stored.map((row) => row.codeHash)).not.toContain(first);
    expect(stored.every((row) => /^[0-9a-f]{64}$/.test(row.codeHash))).toBe(true);
  });

  it('audits sign-ins (success, wrong password, wrong code, recovery code) and the changes', async () => {
    const { secret, recoveryCodes } = await enableTwoFactor();
    expect((await login({ password: 'wrong-password-123' })).statusCode).toBe(401);
    expect((await login({ code: 'zzzzz-zzzzz' })).statusCode).toBe(401);
    expect((await login({})).statusCode).toBe(401);
    clock.advance(PERIOD_MS);
    const cookies = (await login({ code: codeAt(secret, clock.now()) })).cookies.find((cookie) => cookie.name === 'asid')!;
    expect((await login({ code: recoveryCodes[0]! })).statusCode).toBe(200);
    clock.advance(PERIOD_MS);
    const off = await post('/api/admin/2fa/disable', { asid: cookies.value }, { password: TEST_ADMIN.password, code: codeAt(secret, clock.now()) });
    expect(off.statusCode).toBe(200);
    // A recovery code's two rows share their transaction's time: the sign-in first.
    const rows = await t.database.db.select().from(auditLog).orderBy(asc(auditLog.createdAt), desc(auditLog.action));
    expect(rows.map(({ action, after }) => ({ action, after }))).toEqual([
      { action: 'admin.sign_in', after: { address: '127.0.0.1' } },
      { action: 'admin.two_factor_on', after: { twoFactor: true, address: '127.0.0.1' } },
      { action: 'admin.sign_in_refused', after: { address: '203.0.113.20', reason: 'wrong_password' } },
      { action: 'admin.sign_in_refused', after: { address: '203.0.113.20', reason: 'wrong_code' } },
      { action: 'admin.sign_in', after: { address: '203.0.113.20', secondFactor: 'totp' } },
      { action: 'admin.sign_in', after: { address: '203.0.113.20', secondFactor: 'recovery_code' } },
      { action: 'admin.recovery_code_used', after: { address: '203.0.113.20', recoveryCodesLeft: 9 } },
      { action: 'admin.two_factor_off', after: { twoFactor: false, address: '127.0.0.1' } },
    ]);
  });

  it('turns off with the password and a current code, and then signs in with the password alone', async () => {
    const { secret, cookies } = await enableTwoFactor();
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/2fa', cookies })).json()).toEqual({ enabled: true });
    clock.advance(PERIOD_MS);
    const code = codeAt(secret, clock.now());

    const wrongPassword = await post('/api/admin/2fa/disable', cookies, { password: 'wrong-password-123', code });
    expect(wrongPassword.statusCode).toBe(400);
    expect(wrongPassword.json()).toEqual({ message: 'Incorrect password' });
    const wrongCode = await post('/api/admin/2fa/disable', cookies, { password: TEST_ADMIN.password, code: code === '000000' ? '111111' : '000000' });
    expect(wrongCode.statusCode).toBe(400);
    expect(wrongCode.json()).toEqual({ message: 'Invalid authentication code' });

    expect((await post('/api/admin/2fa/disable', cookies, { password: TEST_ADMIN.password, code })).json()).toEqual({ enabled: false });
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/2fa', cookies })).json()).toEqual({ enabled: false });
    const [row] = await t.database.db.select().from(admins).where(eq(admins.username, 'owner'));
    expect(row!.totpSecret).toBeNull();
    expect(await t.database.db.select().from(adminRecoveryCodes)).toEqual([]);
    expect((await login({})).statusCode).toBe(200);
    const again = await post('/api/admin/2fa/disable', cookies, { password: TEST_ADMIN.password, code });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: 'Two-factor sign-in is not on' });
  });

  it('never answers the secret again once on: setup is refused', async () => {
    const { cookies } = await enableTwoFactor();
    const setup = await post('/api/admin/2fa/setup', cookies);
    expect(setup.statusCode).toBe(409);
    expect(setup.json()).toEqual({ message: 'Two-factor sign-in is already on' });
  });

  it.each([
    [{}, 'Authentication code is required'],
    [{ code: '' }, 'Authentication code is required'],
    [{ code: '12345' }, 'Authentication code must be 6 digits'],
    [{ code: '12345a' }, 'Authentication code must be 6 digits'],
  ])('refuses enable with %j: 400 "%s"', async (payload, message) => {
    clock.set(START);
    const cookies = await signInAdmin(t);
    expect((await post('/api/admin/2fa/setup', cookies)).statusCode).toBe(200);
    const response = await post('/api/admin/2fa/enable', cookies, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message });
  });

  it('refuses enable before setup (409) and a wrong code after it (400)', async () => {
    clock.set(START);
    const cookies = await signInAdmin(t);
    const early = await post('/api/admin/2fa/enable', cookies, { code: '123456' });
    expect(early.statusCode).toBe(409);
    expect(early.json()).toEqual({ message: 'Start two-factor setup first' });

    const { secret } = (await post('/api/admin/2fa/setup', cookies)).json<{ secret: string }>();
    const stale = await post('/api/admin/2fa/enable', cookies, { code: codeAt(secret, new Date(START.getTime() - 2 * PERIOD_MS)) });
    expect(stale.statusCode).toBe(400);
    expect(stale.json()).toEqual({ message: 'Invalid authentication code' });
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/2fa', cookies })).json()).toEqual({ enabled: false });
  });

  it('refuses every two-factor call without an admin session: 401', async () => {
    for (const [method, url] of [
      ['GET', '/api/admin/2fa'],
      ['POST', '/api/admin/2fa/setup'],
      ['POST', '/api/admin/2fa/enable'],
      ['POST', '/api/admin/2fa/disable'],
    ] as const) {
      const response = await t.app.inject({ method, url, payload: method === 'POST' ? { code: '123456', password: 'x' } : undefined });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ message: 'Admin authentication required' });
    }
  });

  it('limits code guesses with the sign-in limits: the 11th wrong code from one address is refused 429', async () => {
    const { secret } = await enableTwoFactor();
    for (let i = 0; i < 10; i++) expect((await login({ code: 'zzzzz-zzzzz' }, '198.51.100.7')).statusCode).toBe(401);
    clock.advance(PERIOD_MS);
    const limited = await login({ code: codeAt(secret, clock.now()) }, '198.51.100.7');
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toMatch(/^Too many failed sign-in attempts\. Please try again in \d+ minutes?\.$/);
  });

  it('limits wrong codes when turning two-factor on: the 11th try is refused 429', async () => {
    clock.set(START);
    const cookies = await signInAdmin(t);
    const { secret } = (await post('/api/admin/2fa/setup', cookies)).json<{ secret: string }>();
    const right = codeAt(secret, clock.now());
    const wrong = right === '000000' ? '111111' : '000000';
    for (let i = 0; i < 10; i++) expect((await post('/api/admin/2fa/enable', cookies, { code: wrong })).statusCode).toBe(400);
    expect((await post('/api/admin/2fa/enable', cookies, { code: right })).statusCode).toBe(429);
  });
});
