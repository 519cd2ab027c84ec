import { writeFileSync } from 'node:fs';
import { count, desc, eq } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { describe, expect, it } from 'vitest';
import { admins, auditLog, coupons } from '../../src/server/schema';
import { setAdminPassword } from '../../src/server/features/admin/service';
import { requireStaffRule } from '../../src/server/features/admin/staff-routes';
import { adminCookieOf, signInAdmin, TEST_ADMIN } from '../support/admins';
import { useTestApp } from '../support/test-app';

const ROLES = ['owner', 'support', 'fulfilment'] as const;
type Role = (typeof ROLES)[number];
const INITIAL_PASSWORD = 'initial-password-123';
const OWN_PASSWORD = 'my-own-password-456';

/** Fills a route's parameters so that the request reaches the route itself. */
const concrete = (url: string) => url.replace(/:(\w+)/g, (_match, name: string) => (name === 'id' ? '00000000-0000-4000-8000-000000000000' : 'SP-1-1'));

describe('staff accounts and roles', () => {
  const t = useTestApp();

  const inject = (method: string, url: string, cookies: Record<string, string>, payload?: object) =>
    t.app.inject({ method: method as 'GET', url, cookies, ...(payload ? { payload } : {}) });
  const signIn = async (username: string, password: string) => {
    const response = await t.app.inject({ method: 'POST', url: '/api/admin/login', payload: { username, password } });
    expect(response.statusCode, response.body).toBe(200);
    return { cookies: adminCookieOf(response), body: response.json<{ admin: { role: string }; passwordChangeRequired: boolean; twoFactorSetupRequired: boolean }>() };
  };

  /** The owner adds a member, who signs in and changes the initial password; returns the member's session. */
  async function memberOf(owner: Record<string, string>, username: string, role: Role) {
    const added = await inject('POST', '/api/admin/staff', owner, { username, password: INITIAL_PASSWORD, role });
    expect(added.statusCode, added.body).toBe(201);
    const { cookies } = await signIn(username, INITIAL_PASSWORD);
    const changed = await inject('POST', '/api/admin/password', cookies, { currentPassword: INITIAL_PASSWORD, newPassword: OWN_PASSWORD });
    expect(changed.statusCode, changed.body).toBe(200);
    return cookies;
  }

  /** Every route of the admin scope, as Fastify registered it, with the roles it declares. */
  function adminRoutes() {
    const routes = t.app.routeList.filter(
      (route) => route.method !== 'HEAD' && (route.url.startsWith('/api/admin') || route.url === '/api/purchase-notifications') && route.url !== '/api/admin/login',
    );
    for (const route of routes) expect(route.roles, `${route.method} ${route.url} declares its roles`).toBeDefined();
    return routes.map((route) => ({ name: `${route.method} ${route.url}`, method: route.method, url: route.url, roles: route.roles! }));
  }

  const auditRows = async () => (await t.database.db.select({ n: count() }).from(auditLog))[0]!.n;

  it('walks every admin route for each role: 403 with the role named outside its roles, before the route runs', async () => {
    const owner = await signInAdmin(t);
    const sessions: Record<Role, Record<string, string>> = {
      owner,
      support: await memberOf(owner, 'sam', 'support'),
      fulfilment: await memberOf(owner, 'fran', 'fulfilment'),
    };
    const routes = adminRoutes();
    expect(routes.length).toBeGreaterThanOrEqual(50);

    // The decisions of record 0098, as literals.
    const rolesOf = (name: string) => routes.find((route) => route.name === name)?.roles;
    expect(rolesOf('GET /api/admin/auth')).toEqual(['owner', 'support', 'fulfilment']);
    expect(rolesOf('POST /api/admin/password')).toEqual(['owner', 'support', 'fulfilment']);
    expect(rolesOf('GET /api/admin/orders')).toEqual(['owner', 'support', 'fulfilment']);
    expect(rolesOf('GET /api/admin/customers')).toEqual(['owner', 'support']);
    expect(rolesOf('POST /api/admin/devices/:deviceId/isp-reset')).toEqual(['owner', 'support']);
    expect(rolesOf('POST /api/admin/subscriptions/:subscriptionId/disable-devices')).toEqual(['owner', 'support']);
    expect(rolesOf('PATCH /api/admin/shipments/:orderId')).toEqual(['owner', 'fulfilment']);
    expect(rolesOf('POST /api/admin/orders/:orderId/gift-card')).toEqual(['owner', 'fulfilment']);
    for (const ownerOnly of [
      'POST /api/admin/orders/:orderId/refund',
      'POST /api/admin/orders/:orderId/honour',
      'POST /api/admin/coupons',
      'PATCH /api/admin/packages/:id',
      'GET /api/admin/export/orders.csv',
      'GET /api/admin/revenue',
      'GET /api/admin/audit-log',
      'GET /api/admin/staff',
      'POST /api/admin/staff',
      'PATCH /api/admin/staff-settings',
    ]) {
      expect(rolesOf(ownerOnly), ownerOnly).toEqual(['owner']);
    }

    const table: string[] = ['| Route | owner | support | fulfilment |', '| --- | --- | --- | --- |'];
    for (const route of routes) {
      const cells: string[] = [];
      for (const role of ROLES) {
        const allowed = route.roles.includes(role);
        cells.push(allowed ? 'yes' : '403');
        // Signing out would end the session the walk goes on with; it is open to all, as its roles say.
        if (allowed && route.name === 'POST /api/admin/logout') continue;
        const auditBefore = await auditRows();
        const response = await inject(route.method, concrete(route.url), sessions[role], route.method === 'GET' ? undefined : {});
        if (allowed) {
          expect(response.statusCode, `${route.name} as ${role}: ${response.body}`).not.toBe(403);
          expect(response.statusCode, `${route.name} as ${role}`).not.toBe(401);
        } else {
          expect(response.statusCode, `${route.name} as ${role}`).toBe(403);
          expect(response.json(), `${route.name} as ${role}`).toEqual({ message: `Your role (${role}) cannot do this` });
          // Refused before the route ran: nothing written (an export, say, records its download).
          expect(await auditRows(), `${route.name} as ${role} wrote nothing`).toBe(auditBefore);
        }
      }
      table.push(`| \`${route.name}\` | ${cells.join(' | ')} |`);
    }
    // A refused request with a valid body changes nothing either.
    const auditBefore = await auditRows();
    const coupon = { code: 'SUPPORT10', type: 'percentage', value: 10 };
    const asSupport = await inject('POST', '/api/admin/coupons', sessions.support, coupon);
    expect(asSupport.statusCode).toBe(403);
    expect(asSupport.json()).toEqual({ message: 'Your role (support) cannot do this' });
    const asFulfilment = await inject('POST', '/api/admin/staff', sessions.fulfilment, { username: 'mallory', password: INITIAL_PASSWORD, role: 'owner' });
    expect(asFulfilment.json()).toEqual({ message: 'Your role (fulfilment) cannot do this' });
    expect(await t.database.db.select().from(coupons).where(eq(coupons.code, 'SUPPORT10'))).toEqual([]);
    expect(await t.database.db.select().from(admins).where(eq(admins.username, 'mallory'))).toEqual([]);
    expect(await auditRows()).toBe(auditBefore);

    const markdown = table.join('\n');
    console.log(`The role walk (routes x roles):\n${markdown}`);
    if (process.env.ROLE_TABLE_OUT) {
      writeFileSync(
        process.env.ROLE_TABLE_OUT,
        `# Staff roles by admin route (decision 0098)\n\nGenerated by tests/api/staff-roles.test.ts (ROLE_TABLE_OUT=<this file>) from Fastify's own route list: each route was called as each role; "403" answered \`{ "message": "Your role (<role>) cannot do this" }\` before the route ran.\n\n${markdown}\n`,
      );
    }
  });

  it('refuses to register an admin route that declares no roles', () => {
    expect(() => requireStaffRule({ method: 'GET', url: '/api/admin/forgotten', config: {}, handler: () => undefined })).toThrow(
      'GET /api/admin/forgotten declares no staff roles',
    );
  });

  it('lets the owner add and list staff, refusing a taken username, an unknown role and a short password', async () => {
    const owner = await signInAdmin(t);
    const added = await inject('POST', '/api/admin/staff', owner, { username: '  pat  ', password: INITIAL_PASSWORD, role: 'support' });
    expect(added.statusCode).toBe(201);
    expect(added.json()).toMatchObject({ username: 'pat', role: 'support', twoFactor: false, disabled: false, passwordChangeRequired: true, lastSignInAt: null });

    const duplicate = await inject('POST', '/api/admin/staff', owner, { username: 'pat', password: INITIAL_PASSWORD, role: 'fulfilment' });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json()).toEqual({ message: 'That username is already taken' });

    const badRole = await inject('POST', '/api/admin/staff', owner, { username: 'quinn', password: INITIAL_PASSWORD, role: 'manager' });
    expect(badRole.statusCode).toBe(400);
    expect(badRole.json()).toEqual({ message: 'Role must be one of owner, support, fulfilment' });

    const shortPassword = await inject('POST', '/api/admin/staff', owner, { username: 'quinn', password: 'short', role: 'support' });
    expect(shortPassword.statusCode).toBe(400);
    expect(shortPassword.json()).toEqual({ message: 'Password must be at least 12 characters' });

    const list = await inject('GET', '/api/admin/staff', owner);
    expect(list.statusCode).toBe(200);
    const staff = list.json<{ username: string; role: string; passwordChangeRequired: boolean; lastSignInAt: string | null }[]>();
    expect(staff.map((member) => [member.username, member.role, member.passwordChangeRequired])).toEqual([
      ['owner', 'owner', false],
      ['pat', 'support', true],
    ]);
    expect(staff[0]!.lastSignInAt).not.toBeNull();

    const [row] = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'staff.create'));
    expect(row).toMatchObject({ adminUsername: 'owner', targetType: 'admin', after: { username: 'pat', role: 'support' } });
    expect(JSON.stringify(row)).not.toContain(INITIAL_PASSWORD);
  });

  it('asks for a new password at first sign-in and refuses every other call until then', async () => {
    const owner = await signInAdmin(t);
    await inject('POST', '/api/admin/staff', owner, { username: 'robin', password: INITIAL_PASSWORD, role: 'support' });
    const first = await signIn('robin', INITIAL_PASSWORD);
    expect(first.body).toMatchObject({ admin: { username: 'robin', role: 'support' }, passwordChangeRequired: true, twoFactorSetupRequired: false });
    const other = await signIn('robin', INITIAL_PASSWORD);

    const refused = await inject('GET', '/api/admin/customers', first.cookies);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ passwordChangeRequired: true, message: 'Change your password before you continue' });
    expect((await inject('POST', '/api/admin/2fa/setup', first.cookies)).json()).toMatchObject({ passwordChangeRequired: true });
    expect((await inject('GET', '/api/admin/auth', first.cookies)).json()).toMatchObject({ passwordChangeRequired: true });

    const wrong = await inject('POST', '/api/admin/password', first.cookies, { currentPassword: 'not-the-password', newPassword: OWN_PASSWORD });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ message: 'Incorrect password' });
    const same = await inject('POST', '/api/admin/password', first.cookies, { currentPassword: INITIAL_PASSWORD, newPassword: INITIAL_PASSWORD });
    expect(same.json()).toEqual({ message: 'The new password must differ from the current one' });
    const short = await inject('POST', '/api/admin/password', first.cookies, { currentPassword: INITIAL_PASSWORD, newPassword: 'short' });
    expect(short.json()).toEqual({ message: 'New password must be at least 12 characters' });

    const changed = await inject('POST', '/api/admin/password', first.cookies, { currentPassword: INITIAL_PASSWORD, newPassword: OWN_PASSWORD });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toEqual({ message: 'Password changed' });
    expect((await inject('GET', '/api/admin/customers', first.cookies)).statusCode).toBe(200);
    expect((await inject('GET', '/api/admin/auth', first.cookies)).json()).toMatchObject({ passwordChangeRequired: false });
    // The member's other session ended with the change; the one that made it stays.
    expect((await inject('GET', '/api/admin/auth', other.cookies)).statusCode).toBe(401);
    // The old password no longer signs in; the new one does, and is not asked to change.
    expect((await t.app.inject({ method: 'POST', url: '/api/admin/login', payload: { username: 'robin', password: INITIAL_PASSWORD } })).statusCode).toBe(401);
    expect((await signIn('robin', OWN_PASSWORD)).body.passwordChangeRequired).toBe(false);

    const [row] = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'admin.password_change'));
    expect(row).toMatchObject({ adminUsername: 'robin', after: { address: '127.0.0.1' } });
  });

  it('makes existing admins owners, and never asks an ADMIN_* or admin:create admin to change the password', async () => {
    await t.database.db.insert(admins).values({ username: 'before-roles', password: 'x' });
    const [existing] = await t.database.db.select().from(admins).where(eq(admins.username, 'before-roles'));
    expect(existing).toMatchObject({ role: 'owner', passwordChangeRequired: false, disabledAt: null });

    const owner = await signInAdmin(t);
    expect((await inject('GET', '/api/admin/auth', owner)).json()).toMatchObject({ admin: { username: 'owner', role: 'owner' }, passwordChangeRequired: false, twoFactorSetupRequired: false });

    // A member's password reset by admin:create (the same call as ADMIN_PASSWORD) is the person at the server's: not asked again.
    await inject('POST', '/api/admin/staff', owner, { username: 'kim', password: INITIAL_PASSWORD, role: 'fulfilment' });
    await setAdminPassword(t.database.db, 'kim', 'reset-at-the-server-1');
    const kim = await signIn('kim', 'reset-at-the-server-1');
    expect(kim.body).toMatchObject({ admin: { role: 'fulfilment' }, passwordChangeRequired: false });
  });

  it('lets the owner require two-factor sign-in: a member without it may only set it up', async () => {
    const clock = { now: () => new Date() };
    const owner = await signInAdmin(t);
    const member = await memberOf(owner, 'alex', 'support');
    const rule = await inject('PATCH', '/api/admin/staff-settings', owner, { twoFactorRequired: true });
    expect(rule.statusCode).toBe(200);
    expect(rule.json()).toEqual({ twoFactorRequired: true });

    const refused = await inject('GET', '/api/admin/customers', member);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ twoFactorSetupRequired: true, message: 'Set up two-factor sign-in before you continue' });
    expect((await inject('GET', '/api/admin/auth', member)).json()).toMatchObject({ twoFactorSetupRequired: true });
    // The owner is staff too: the rule holds for them until they set it up.
    expect((await inject('GET', '/api/admin/staff', owner)).json()).toMatchObject({ twoFactorSetupRequired: true });

    const setup = await inject('POST', '/api/admin/2fa/setup', member);
    expect(setup.statusCode).toBe(200);
    const { secret } = setup.json<{ secret: string }>();
    const code = new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 }).generate({ timestamp: clock.now().getTime() });
    expect((await inject('POST', '/api/admin/2fa/enable', member, { code })).statusCode).toBe(200);
    expect((await inject('GET', '/api/admin/customers', member)).statusCode).toBe(200);

    const [row] = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'staff.two_factor_rule'));
    expect(row).toMatchObject({ adminUsername: 'owner', before: { twoFactorRequired: false }, after: { twoFactorRequired: true } });
  });

  it('changes a role and disables a member, signing them out, but never leaves the store without an enabled owner', async () => {
    const owner = await signInAdmin(t);
    const member = await memberOf(owner, 'jo', 'support');
    const [jo] = await t.database.db.select().from(admins).where(eq(admins.username, 'jo'));
    const [ownerRow] = await t.database.db.select().from(admins).where(eq(admins.username, TEST_ADMIN.username));

    const made = await inject('PATCH', `/api/admin/staff/${jo!.id}`, owner, { role: 'fulfilment' });
    expect(made.statusCode).toBe(200);
    expect(made.json()).toMatchObject({ username: 'jo', role: 'fulfilment' });
    expect((await inject('GET', '/api/admin/customers', member)).json()).toEqual({ message: 'Your role (fulfilment) cannot do this' });

    const disabled = await inject('PATCH', `/api/admin/staff/${jo!.id}`, owner, { disabled: true });
    expect(disabled.json()).toMatchObject({ disabled: true });
    expect((await inject('GET', '/api/admin/auth', member)).statusCode).toBe(401);
    const again = await t.app.inject({ method: 'POST', url: '/api/admin/login', payload: { username: 'jo', password: OWN_PASSWORD } });
    expect(again.statusCode).toBe(401);
    expect(again.json()).toEqual({ message: 'Invalid admin credentials' });

    for (const change of [{ disabled: true }, { role: 'support' }]) {
      const lastOwner = await inject('PATCH', `/api/admin/staff/${ownerRow!.id}`, owner, change);
      expect(lastOwner.statusCode).toBe(400);
      expect(lastOwner.json()).toEqual({ message: 'The store needs at least one enabled owner' });
    }
    expect((await inject('PATCH', '/api/admin/staff/00000000-0000-4000-8000-000000000000', owner, { role: 'owner' })).statusCode).toBe(404);

    const rows = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'staff.update')).orderBy(desc(auditLog.createdAt));
    expect(rows.map((row) => row.after)).toEqual([
      { disabled: true, username: 'jo' },
      { role: 'fulfilment', username: 'jo' },
    ]);
  });
});
