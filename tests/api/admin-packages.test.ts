import { afterAll, describe, expect, it } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import type { App } from '../../src/server/app';
import { openDatabase } from '../../src/server/db/connect';
import { auditLog, orders, packages } from '../../src/server/schema';
import { signInAdmin, TEST_ADMIN } from '../support/admins';
import { checkoutForm, intentIdOf, postCheckout, seededPackages } from '../support/checkout';
import type { Services } from '../../src/server/services';
import { buildAppWithServices, useTestApp } from '../support/test-app';
import { testDbKind } from '../support/test-db';

const GOOD_CARD = { cardNumber: '4242 4242 4242 4242', expiry: '12/39', cvc: '123' };

type Listed = { id: string; name: string; price: string; cashback: string; features: string[]; popular: boolean; devices: number };

const listOf = async (app: App) => (await app.inject({ method: 'GET', url: '/api/packages' })).json<Listed[]>();

const patch = (app: App, id: string, payload: unknown, cookies: Record<string, string>) =>
  app.inject({ method: 'PATCH', url: `/api/admin/packages/${id}`, payload: payload as object, cookies });

/** Checkout and pays with the demo card; answers the order as checkout priced it. */
async function buyWithCard(app: App, packageId: string) {
  const response = await postCheckout(app, checkoutForm(packageId));
  expect(response.statusCode, response.body).toBe(200);
  const { order, clientSecret } = response.json();
  const paid = await app.inject({ method: 'POST', url: `/api/demo/payment-intents/${intentIdOf(clientSecret)}/confirm`, payload: GOOD_CARD });
  expect(paid.statusCode, paid.body).toBe(200);
  return order as { id: string; totalAmount: string; cashbackAmount: string };
}

describe('PATCH /api/admin/packages/:id', () => {
  const t = useTestApp();

  it('changes a package, answers it, and records who changed what in the audit log', async () => {
    const cookies = await signInAdmin(t);
    const { oneMonth } = await seededPackages(t.app);
    const response = await patch(t.app, oneMonth.id, { name: '1 Month Plus', price: '17.49', cashback: '12', features: ['18,000+ channels', '4K'], popular: true, devices: 2 }, cookies);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.json()).toMatchObject({
      id: oneMonth.id,
      name: '1 Month Plus',
      duration: '1 Month',
      price: '17.49',
      cashback: '12.00',
      features: ['18,000+ channels', '4K'],
      popular: true,
      devices: 2,
      hidden: false,
    });

    const rows = await t.database.db.select().from(auditLog).where(eq(auditLog.targetType, 'package'));
    expect(rows).toHaveLength(1);
    const { admin } = (await t.app.inject({ method: 'GET', url: '/api/admin/auth', cookies })).json();
    expect(rows[0]).toMatchObject({
      adminId: admin.id,
      adminUsername: TEST_ADMIN.username,
      action: 'package.update',
      targetType: 'package',
      targetId: oneMonth.id,
      before: { name: '1 Month Premium', price: '15.99', cashback: '10.00', features: expect.any(Array), popular: false, devices: 4 },
      after: { name: '1 Month Plus', price: '17.49', cashback: '12.00', features: ['18,000+ channels', '4K'], popular: true, devices: 2 },
      createdAt: expect.any(Date),
    });
    // Only the fields that changed.
    expect(Object.keys(rows[0]!.before).sort()).toEqual(['cashback', 'devices', 'features', 'name', 'popular', 'price']);
  });

  it('the landing list and the next checkout use the new price at once; a paid order keeps the price it was sold at', async () => {
    const cookies = await signInAdmin(t);
    const { oneMonth } = await seededPackages(t.app);
    expect(oneMonth).toMatchObject({ price: '15.99', cashback: '10.00' });
    // Warm the package list cache, as the landing page's visitors keep it.
    await listOf(t.app);
    const sold = await buyWithCard(t.app, oneMonth.id);
    expect(sold.totalAmount).toBe('15.99');

    expect((await patch(t.app, oneMonth.id, { price: '21.00', cashback: '11.50' }, cookies)).statusCode).toBe(200);
    expect((await listOf(t.app)).find((p) => p.id === oneMonth.id)).toMatchObject({ price: '21.00', cashback: '11.50' });
    const next = await buyWithCard(t.app, oneMonth.id);
    expect(next).toMatchObject({ totalAmount: '21.00', cashbackAmount: '11.50' });

    const [old] = await t.database.db.select().from(orders).where(eq(orders.id, sold.id));
    expect(old).toMatchObject({ paymentStatus: 'completed', subtotalAmount: '15.99', totalAmount: '15.99', cashbackAmount: '10.00' });
    await t.services.jobs.drain();
    const records = (await t.app.inject({ method: 'GET', url: '/api/admin/customers', cookies })).json<Array<{ orderId: string; totalAmount: string }>>();
    expect(records.find((r) => r.orderId === sold.id)?.totalAmount).toBe('15.99');
    expect(records.find((r) => r.orderId === next.id)?.totalAmount).toBe('21.00');
  });

  it('hiding a package takes it off the landing page and out of checkout; showing it sells it again', async () => {
    const cookies = await signInAdmin(t);
    const { box } = await seededPackages(t.app);
    const hidden = await patch(t.app, box.id, { hidden: true }, cookies);
    expect(hidden.statusCode).toBe(200);
    expect(hidden.json()).toMatchObject({ id: 'streaming-box', hidden: true });
    expect((await listOf(t.app)).map((p) => p.id)).not.toContain('streaming-box');
    const refused = await postCheckout(t.app, checkoutForm('streaming-box', { shippingAddress: '1 Main St', shippingCity: 'Austin', shippingState: 'TX', shippingZip: '73301' }));
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ message: 'Unknown package' });
    const [audit] = await t.database.db.select().from(auditLog).where(eq(auditLog.targetType, 'package')).orderBy(desc(auditLog.createdAt));
    expect(audit).toMatchObject({ before: { hidden: false }, after: { hidden: true } });

    expect((await patch(t.app, box.id, { hidden: false }, cookies)).json()).toMatchObject({ hidden: false });
    expect((await listOf(t.app)).map((p) => p.id)).toContain('streaming-box');
  });

  it('refuses bad changes with a 400 naming the problem, and changes nothing', async () => {
    const cookies = await signInAdmin(t);
    const { oneMonth } = await seededPackages(t.app);
    const cases: Array<[unknown, string]> = [
      [{}, 'Nothing to change: send at least one of name, price, cashback, features, popular, devices, hidden'],
      [{ price: '-1.00' }, 'Price must not be negative'],
      [{ price: '10000.01' }, 'Price must be at most 10000.00'],
      [{ price: '12.345' }, 'Price must be an amount such as 12.34'],
      [{ price: 'free' }, 'Price must be an amount such as 12.34'],
      [{ price: 12.5 }, 'Price must be an amount such as 12.34'],
      [{ cashback: '15.99', price: '15.98' }, 'Cashback must not be more than the price'],
      [{ cashback: '16.00' }, 'Cashback must not be more than the price'],
      [{ price: '0.00' }, 'A paid package must cost more than 0.00 (a price of 0.00 marks the free trial)'],
      [{ name: '' }, 'Name is required'],
      [{ name: '   ' }, 'Name is required'],
      [{ name: 'x'.repeat(61) }, 'Name must be at most 60 characters'],
      [{ name: 'Premium\u0000' }, 'Name must not contain control characters'],
      [{ features: ['4K', 'line\nbreak'] }, 'Feature must not contain control characters'],
      [{ features: '4K' }, 'Features must be a list of text'],
      [{ devices: 0 }, 'devices must be a whole number from 1 to 4'],
      [{ devices: 2.5 }, 'devices must be a whole number from 1 to 4'],
      [{ popular: 'yes' }, 'popular must be true or false'],
      [{ hidden: 1 }, 'hidden must be true or false'],
      [{ duration: '2 Months' }, 'Unknown field duration: a package\'s name, price, cashback, features, popular, devices, hidden can be changed'],
    ];
    for (const [payload, message] of cases) {
      const response = await patch(t.app, oneMonth.id, payload, cookies);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json(), JSON.stringify(payload)).toEqual({ message });
    }
    const noBody = await t.app.inject({ method: 'PATCH', url: `/api/admin/packages/${oneMonth.id}`, cookies });
    expect(noBody.statusCode).toBe(400);
    expect(noBody.json()).toEqual({ message: expect.stringContaining('name, price, cashback') });

    const trial = await patch(t.app, 'trial-36h', { price: '1.00' }, cookies);
    expect(trial.statusCode).toBe(400);
    expect(trial.json()).toEqual({ message: 'The free trial stays free: its price must be 0.00' });

    const unknown = await patch(t.app, 'no-such-package', { price: '9.99' }, cookies);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: 'Package not found' });

    expect(await t.database.db.select().from(auditLog).where(eq(auditLog.targetType, 'package'))).toEqual([]);
    const [row] = await t.database.db.select().from(packages).where(eq(packages.id, oneMonth.id));
    expect(row).toMatchObject({ name: '1 Month Premium', price: '15.99', cashback: '10.00', devices: 4, popular: false, isActive: true });
  });

  it('writes no audit row for a change that changes nothing', async () => {
    const cookies = await signInAdmin(t);
    const { oneMonth } = await seededPackages(t.app);
    const response = await patch(t.app, oneMonth.id, { price: '15.99' }, cookies);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ price: '15.99' });
    expect(await t.database.db.select().from(auditLog).where(eq(auditLog.targetType, 'package'))).toEqual([]);
  });
});

describe('GET /api/admin/packages', () => {
  const t = useTestApp();

  it('lists every package with whether it is hidden, hidden ones too, cheapest first, never cached', async () => {
    const cookies = await signInAdmin(t);
    const { box } = await seededPackages(t.app);
    const before = await listOf(t.app);
    expect((await patch(t.app, box.id, { hidden: true }, cookies)).statusCode).toBe(200);

    const response = await t.app.inject({ method: 'GET', url: '/api/admin/packages', cookies });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const listed = response.json<Array<Listed & { hidden: boolean }>>();
    expect(listed.map((p) => p.id).sort()).toEqual(before.map((p) => p.id).sort());
    expect(listed.find((p) => p.id === 'streaming-box')).toMatchObject({ hidden: true });
    expect(listed.filter((p) => p.hidden).map((p) => p.id)).toEqual(['streaming-box']);
    expect(listed.find((p) => p.id === 'trial-36h')).toMatchObject({ price: '0.00', hidden: false });
    const prices = listed.map((p) => Number(p.price));
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    expect((await listOf(t.app)).map((p) => p.id)).not.toContain('streaming-box');
  });

  it('answers 401 without an admin session', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/admin/packages' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: 'Admin authentication required' });
  });
});

// Two instances share one database only on PostgreSQL: PGlite's data folder belongs to one process.
if (testDbKind === 'postgres') {
  describe('a package change on a second instance of the store (PostgreSQL)', () => {
    const t = useTestApp();
    let second: { app: App; services: Services; close(): Promise<void> } | null = null;

    afterAll(async () => second?.close());

    it('serves the new price from the other instance at once, and its checkout charges it', async () => {
      const database = await openDatabase({ url: t.database.pool!.options.connectionString, poolSize: 5 });
      const { app: other, services } = await buildAppWithServices({ config: t.config, database, clientDir: null });
      await other.ready();
      second = { app: other, services, close: async () => (await other.close(), await database.close()) };

      const cookies = await signInAdmin(t);
      const { oneMonth } = await seededPackages(t.app);
      // The second instance holds the list in memory, as it would while serving the landing page.
      expect((await listOf(other)).find((p) => p.id === oneMonth.id)?.price).toBe('15.99');

      expect((await patch(t.app, oneMonth.id, { price: '18.25' }, cookies)).statusCode).toBe(200);
      // The notice travels for milliseconds; the cache would otherwise keep the old price for 30 s.
      await expect.poll(async () => (await listOf(other)).find((p) => p.id === oneMonth.id)?.price, { timeout: 5_000, interval: 20 }).toBe('18.25');
      expect((await buyWithCard(other, oneMonth.id)).totalAmount).toBe('18.25');
    });

    it('keeps hearing changes after its listening connection is cut, including one made while it was down', async () => {
      const cookies = await signInAdmin(t);
      const { oneMonth } = await seededPackages(t.app);
      const other = second!.app;
      // The data were reset between tests behind the instance's back.
      second!.services.catalog.invalidate();
      expect((await listOf(other)).find((p) => p.id === oneMonth.id)?.price).toBe('15.99');

      // As a database restart or a network cut would: every listening connection ends.
      await t.database.executeSql(`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and query ilike 'listen%'`, []);
      expect((await patch(t.app, oneMonth.id, { price: '16.49' }, cookies)).statusCode).toBe(200);
      await expect.poll(async () => (await listOf(other)).find((p) => p.id === oneMonth.id)?.price, { timeout: 10_000, interval: 50 }).toBe('16.49');

      expect((await patch(t.app, oneMonth.id, { price: '16.99' }, cookies)).statusCode).toBe(200);
      await expect.poll(async () => (await listOf(other)).find((p) => p.id === oneMonth.id)?.price, { timeout: 5_000, interval: 20 }).toBe('16.99');
    });
  });
}
