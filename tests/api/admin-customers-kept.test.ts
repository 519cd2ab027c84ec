import { and, eq } from 'drizzle-orm';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import type { AdminCustomerRecord } from '../../src/contract/admin';
import { deviceCredentials, subscriptions } from '../../src/server/schema';
import { settableClock } from '../../src/server/lib/clock';
import { signInAdmin } from '../support/admins';
import { DAY, subscriber } from '../support/renewal-schedule';
import { useTestApp } from '../support/test-app';

const START = '2026-03-02T09:00:00.000Z';

// Decision 0065: the records of an unchanged page are handed out again, written once.
describe('the customer records kept while their page is unchanged', () => {
  const clock = settableClock(START);
  const t = useTestApp({}, { clock });
  const firstPage = () => t.services.reports.customerRecords({ limit: 100, offset: 0 });

  it('are the same records while nothing changed, and new ones once a device or a customer changes', async () => {
    clock.set(START);
    const customer = await subscriber(t, { devices: 2 });
    const admin = await signInAdmin(t);
    const mine = (items: AdminCustomerRecord[]) => items.find((record) => record.id === customer.subscription.id)!;

    const before = await firstPage();
    expect((await firstPage()).items).toBe(before.items);
    const answers = [0, 1].map(() => t.app.inject({ method: 'GET', url: '/api/admin/customers', cookies: admin }));
    const [one, two] = await Promise.all(answers);
    expect(two!.body).toBe(one!.body);
    expect(two!.headers.etag).toBe(one!.headers.etag);

    await t.database.db
      .update(deviceCredentials)
      .set({ label: 'Kitchen TV' })
      .where(and(eq(deviceCredentials.subscriptionId, customer.subscription.id), eq(deviceCredentials.deviceNumber, 1)));
    const relabelled = await firstPage();
    expect(relabelled.items).not.toBe(before.items);
    expect(mine(relabelled.items).deviceCredentials.map((device) => device.label)).toEqual(['Kitchen TV', null]);
    const answer = await t.app.inject({ method: 'GET', url: '/api/admin/customers', cookies: admin });
    expect(answer.headers.etag).not.toBe(one!.headers.etag);
    expect(mine(answer.json<AdminCustomerRecord[]>()).deviceCredentials.map((device) => device.label)).toEqual(['Kitchen TV', null]);

    // Another customer's purchase puts a new record first: a new page, new records.
    const other = await subscriber(t);
    const withOther = await firstPage();
    expect(withOther.items).not.toBe(relabelled.items);
    expect(withOther.items[0]!.id).toBe(other.subscription.id);
    expect(withOther.total).toBe(relabelled.total + 1);
  });

  it('read "suspended" once a grace period on the page ends, though its text is unchanged, and in grace again for an earlier clock', async () => {
    clock.set(START);
    const customer = await subscriber(t);
    await t.database.db.update(subscriptions).set({ status: 'expired' }).where(eq(subscriptions.id, customer.subscription.id));
    const graceEnd = new Date(customer.subscription.expirationDate.getTime() + 3 * DAY);
    const lapse = async () => {
      const [record] = (await t.services.reports.customerRecords({ limit: 100, offset: 0, q: customer.customer.email })).items;
      return { graceEndsAt: record!.graceEndsAt, graceSuspended: record!.graceSuspended };
    };

    clock.set(new Date(graceEnd.getTime() - 1));
    expect(await lapse()).toEqual({ graceEndsAt: graceEnd.toISOString(), graceSuspended: false });
    expect(await lapse()).toEqual({ graceEndsAt: graceEnd.toISOString(), graceSuspended: false });
    clock.set(graceEnd);
    expect(await lapse()).toEqual({ graceEndsAt: null, graceSuspended: true });
    clock.set(new Date(graceEnd.getTime() - 1));
    expect(await lapse()).toEqual({ graceEndsAt: graceEnd.toISOString(), graceSuspended: false });
  });

  it('go compressed as the browser asks, the same text as the plain answer, and anew once the page changes', async () => {
    clock.set(START);
    const customer = await subscriber(t, { devices: 2 });
    const admin = await signInAdmin(t);
    const ask = (headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url: '/api/admin/customers', cookies: admin, headers });
    const BROWSER = { 'accept-encoding': 'gzip, deflate, br, zstd' };

    const plain = await ask();
    expect(plain.headers['content-encoding']).toBeUndefined();
    const [br, again] = await Promise.all([ask(BROWSER), ask(BROWSER)]);
    for (const answer of [br, again]) {
      expect(answer.statusCode).toBe(200);
      expect(answer.headers['content-encoding']).toBe('br');
      expect(answer.headers.vary).toContain('accept-encoding');
      expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(Number(answer.headers['content-length'])).toBe(answer.rawPayload.length);
      expect(answer.headers.etag).toBe(plain.headers.etag);
      expect(brotliDecompressSync(answer.rawPayload).toString()).toBe(plain.body);
    }
    const gzip = await ask({ 'accept-encoding': 'br;q=0, gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);

    // A browser holding the answer gets a bodiless 304, whatever it accepts.
    const held = await ask({ ...BROWSER, 'if-none-match': plain.headers.etag as string });
    expect(held.statusCode).toBe(304);
    expect(held.rawPayload.length).toBe(0);
    expect(held.headers['content-encoding']).toBeUndefined();

    await t.database.db
      .update(deviceCredentials)
      .set({ label: 'Hall TV' })
      .where(and(eq(deviceCredentials.subscriptionId, customer.subscription.id), eq(deviceCredentials.deviceNumber, 2)));
    const changed = await ask(BROWSER);
    expect(changed.headers.etag).not.toBe(plain.headers.etag);
    const records = JSON.parse(brotliDecompressSync(changed.rawPayload).toString()) as AdminCustomerRecord[];
    expect(records.find((record) => record.id === customer.subscription.id)!.deviceCredentials.map((device) => device.label)).toEqual([null, 'Hall TV']);
  });
});
