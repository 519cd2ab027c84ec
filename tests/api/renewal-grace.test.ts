import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { deviceCredentials, subscriptions } from '../../src/server/schema';
import { settableClock } from '../../src/server/lib/clock';
import { signInAdmin } from '../support/admins';
import { seededPackages } from '../support/checkout';
import { paidOrder } from '../support/paid-orders';
import { DAY, HOUR, subscriber, subscriptionRow } from '../support/renewal-schedule';
import { useTestApp, type TestApp } from '../support/test-app';
import { usePanelStandIn } from '../support/xtream-panel-stand-in';

const START = '2026-03-02T09:00:00.000Z';
const unixSeconds = (date: Date) => Math.floor(date.getTime() / 1000);

const stand = usePanelStandIn();

async function linesOf(t: TestApp, subscriptionId: string) {
  const credentials = await t.database.db.select().from(deviceCredentials).where(eq(deviceCredentials.subscriptionId, subscriptionId));
  return credentials.map((credential) => stand.panel.lines.get(credential.panelLineId!)!);
}

async function accountView(t: TestApp, cookies: Record<string, string>) {
  const [view] = (await t.app.inject({ method: 'GET', url: '/api/subscriptions', cookies })).json<Array<Record<string, unknown>>>();
  return { status: view!.status, graceEndsAt: view!.graceEndsAt, suspended: view!.suspended };
}

/** What the admin's order view and customer records say of the subscription's lapse. */
async function adminLapse(t: TestApp, admin: { asid: string }, orderId: string, email: string) {
  const detail = (await t.app.inject({ method: 'GET', url: `/api/admin/orders/${orderId}`, cookies: admin })).json<{ subscription: Record<string, unknown> }>();
  const [record] = (await t.app.inject({ method: 'GET', url: `/api/admin/customers?q=${encodeURIComponent(email)}`, cookies: admin })).json<Array<Record<string, unknown>>>();
  const pick = ({ status, graceEndsAt, graceSuspended }: Record<string, unknown>) => ({ status, graceEndsAt, graceSuspended });
  return { order: pick(detail.subscription), record: pick(record!) };
}

/** The audit log's rows of the store suspending this order's lines after its grace period. */
async function graceSuspensionsLogged(t: TestApp, admin: { asid: string }, orderId: string) {
  const page = await t.app.inject({ method: 'GET', url: `/api/admin/audit-log?action=subscription.suspend_after_grace&orderId=${orderId}`, cookies: admin });
  expect(page.statusCode).toBe(200);
  return page.json<Array<Record<string, unknown>>>().map(({ actorType, adminUsername, targetId, before, after }) => ({ actorType, adminUsername, targetId, before, after }));
}

describe('grace, suspension and restore on the panel', () => {
  const clock = settableClock(START);
  const t = useTestApp(stand.env, { clock });

  it('keeps an expired line working for 3 days, then suspends it, and a renewal turns it on at once', async () => {
    clock.set(START);
    const customer = await subscriber(t, { devices: 2 });
    const id = customer.subscription.id;
    const expiry = customer.subscription.expirationDate;
    const graceEnd = new Date(expiry.getTime() + 3 * DAY);

    clock.set(new Date(expiry.getTime() + HOUR));
    await t.services.renewalSchedule.runPass();
    expect(await accountView(t, customer.cookies)).toEqual({ status: 'expired', graceEndsAt: '2026-04-05T09:00:00.000Z', suspended: false });
    for (const line of await linesOf(t, id)) expect(line).toMatchObject({ enabled: true, expDate: unixSeconds(graceEnd) });
    const admin = await signInAdmin(t);
    expect(await adminLapse(t, admin, customer.order.id, customer.customer.email)).toEqual({
      order: { status: 'expired', graceEndsAt: '2026-04-05T09:00:00.000Z', graceSuspended: false },
      record: { status: 'expired', graceEndsAt: '2026-04-05T09:00:00.000Z', graceSuspended: false },
    });

    clock.set(new Date(graceEnd.getTime() + HOUR));
    expect((await t.services.renewalSchedule.runPass()).suspended).toEqual([id]);
    expect(await accountView(t, customer.cookies)).toEqual({ status: 'expired', graceEndsAt: null, suspended: true });
    expect(await adminLapse(t, admin, customer.order.id, customer.customer.email)).toEqual({
      order: { status: 'expired', graceEndsAt: null, graceSuspended: true },
      record: { status: 'expired', graceEndsAt: null, graceSuspended: true },
    });
    for (const line of await linesOf(t, id)) expect(line.enabled).toBe(false);
    // A second pass finds nothing more to do, and logs nothing more.
    expect((await t.services.renewalSchedule.runPass()).suspended).toEqual([]);
    expect(await graceSuspensionsLogged(t, admin, customer.order.id)).toEqual([
      {
        actorType: 'system',
        adminUsername: 'the store',
        targetId: customer.order.id,
        before: { linesRunning: true },
        after: { linesRunning: false, expiredAt: expiry.toISOString(), graceDays: 3 },
      },
    ]);

    const { oneMonth } = await seededPackages(t.app);
    await paidOrder(t, { packageId: oneMonth.id, devices: 2, customerId: customer.customer.id, email: customer.customer.email, renewsSubscriptionId: id });
    await t.services.jobs.drain();
    const renewed = await subscriptionRow(t, id);
    expect(renewed).toMatchObject({ status: 'active', graceSuspendedAt: null, graceLinesOffAt: null });
    expect(renewed.expirationDate.toISOString()).toBe('2026-05-05T10:00:00.000Z');
    expect(await accountView(t, customer.cookies)).toEqual({ status: 'active', graceEndsAt: null, suspended: false });
    for (const line of await linesOf(t, id)) expect(line).toMatchObject({ enabled: true, expDate: unixSeconds(renewed.expirationDate) });
  });

  it('says suspended while the panel is down, and turns the lines off when it is back', async () => {
    clock.set(START);
    const customer = await subscriber(t);
    const id = customer.subscription.id;
    clock.set(new Date(customer.subscription.expirationDate.getTime() + HOUR));
    await t.services.renewalSchedule.runPass();
    clock.set(new Date(customer.subscription.expirationDate.getTime() + 3 * DAY + HOUR));

    stand.panel.goDown('error');
    await expect(t.services.renewalSchedule.runPass()).rejects.toThrow();
    const during = await subscriptionRow(t, id);
    expect(during.graceSuspendedAt).not.toBeNull();
    expect(during.graceLinesOffAt).toBeNull();
    expect(await accountView(t, customer.cookies)).toEqual({ status: 'expired', graceEndsAt: null, suspended: true });
    // Logged when the panel has done it, not before.
    const admin = await signInAdmin(t);
    expect(await graceSuspensionsLogged(t, admin, customer.order.id)).toEqual([]);

    stand.panel.recover();
    expect((await t.services.renewalSchedule.runPass()).suspended).toEqual([id]);
    expect((await subscriptionRow(t, id)).graceLinesOffAt).not.toBeNull();
    for (const line of await linesOf(t, id)) expect(line.enabled).toBe(false);
    expect(await graceSuspensionsLogged(t, admin, customer.order.id)).toHaveLength(1);
  });

  it("leaves the owner's abuse suspension in place when a renewal lifts the grace suspension", async () => {
    clock.set(START);
    const customer = await subscriber(t);
    const id = customer.subscription.id;
    const admin = await signInAdmin(t);
    const abuse = await t.app.inject({ method: 'POST', url: `/api/admin/subscriptions/${id}/disable-devices`, cookies: admin });
    expect(abuse.statusCode).toBe(200);
    clock.set(new Date(customer.subscription.expirationDate.getTime() + 4 * DAY));
    await t.services.renewalSchedule.runPass();
    const { oneMonth } = await seededPackages(t.app);
    await paidOrder(t, { packageId: oneMonth.id, customerId: customer.customer.id, email: customer.customer.email, renewsSubscriptionId: id });
    await t.services.jobs.drain();
    const renewed = await subscriptionRow(t, id);
    expect(renewed.status).toBe('active');
    expect(renewed.devicesSuspendedAt).not.toBeNull();
    for (const line of await linesOf(t, id)) expect(line.enabled).toBe(false);
  });

  it('suspends a subscription whose expiry was written with microseconds, and the ones after it', async () => {
    clock.set(START);
    const first = await subscriber(t);
    const second = await subscriber(t);
    // An expiry from SQL (an import, a hand fix) keeps microseconds a JS Date cannot hold.
    await t.database.db
      .update(subscriptions)
      .set({ expirationDate: sql`${subscriptions.expirationDate} + interval '123 microseconds'` })
      .where(eq(subscriptions.id, first.subscription.id));
    clock.set(new Date(second.subscription.expirationDate.getTime() + 3 * DAY + HOUR));
    const { suspended } = await t.services.renewalSchedule.runPass();
    expect([...suspended].sort()).toEqual([first.subscription.id, second.subscription.id].sort());
    expect(await subscriptionRow(t, first.subscription.id)).toMatchObject({ graceSuspendedAt: expect.any(Date), graceLinesOffAt: expect.any(Date) });
  });
});
