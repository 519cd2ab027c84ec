import { describe, expect, it } from 'vitest';
import type { AdminCustomerRecord } from '../../src/contract/admin';
import type { AdminOrderDetail } from '../../src/contract/admin-orders';
import { settableClock } from '../../src/server/lib/clock';
import { signInAdmin } from '../support/admins';
import { seededPackages } from '../support/checkout';
import { deviceCall, subscriptionsOf } from '../support/devices';
import { paidOrder } from '../support/paid-orders';
import { DAY, HOUR, subscriber } from '../support/renewal-schedule';
import { useTestApp, type TestApp } from '../support/test-app';
import { usePanelStandIn } from '../support/xtream-panel-stand-in';

/**
 * A device whose subscription does not run is not active, whatever its own flag says: the
 * account, the admin's customer records and the order detail agree, and its actions are
 * refused. Through the grace period after expiry (decision 0046) its lines still play.
 */

const START = '2026-03-02T09:00:00.000Z';
const EXPIRED = 'This subscription has expired. Renew it to manage its devices.';

const stand = usePanelStandIn();

/** Each device's isActive as the account page, the admin's customer records and the order's detail list them. */
async function activeEverywhere(t: TestApp, customer: { cookies: Record<string, string>; customer: { email: string } }, orderId: string) {
  const admin = await signInAdmin(t);
  const [subscription] = await subscriptionsOf(t, customer.cookies);
  const [record] = (await t.app.inject({ method: 'GET', url: `/api/admin/customers?q=${encodeURIComponent(customer.customer.email)}`, cookies: admin })).json<AdminCustomerRecord[]>();
  const detail = (await t.app.inject({ method: 'GET', url: `/api/admin/orders/${orderId}`, cookies: admin })).json<AdminOrderDetail>();
  return {
    account: subscription!.deviceCredentials.map((device) => device.isActive),
    records: record!.deviceCredentials.map((device) => device.isActive),
    order: detail.subscription!.credentials.map((device) => device.isActive),
  };
}

const all = (isActive: boolean) => ({ account: [isActive, isActive], records: [isActive, isActive], order: [isActive, isActive] });

describe('the devices of a subscription that does not run', () => {
  const clock = settableClock(START);
  const t = useTestApp(stand.env, { clock });

  it('stay active through the grace period, are inactive and refused once it is suspended, and active again after a renewal', async () => {
    clock.set(START);
    const customer = await subscriber(t, { devices: 2 });
    const expiry = customer.subscription.expirationDate;
    const [device] = (await subscriptionsOf(t, customer.cookies))[0]!.deviceCredentials;

    clock.set(new Date(expiry.getTime() + HOUR));
    await t.services.renewalSchedule.runPass();
    expect(await activeEverywhere(t, customer, customer.order.id)).toEqual(all(true));

    clock.set(new Date(expiry.getTime() + 3 * DAY + HOUR));
    await t.services.renewalSchedule.runPass();
    expect((await subscriptionsOf(t, customer.cookies))[0]).toMatchObject({ status: 'expired', suspended: true });
    expect(await activeEverywhere(t, customer, customer.order.id)).toEqual(all(false));
    const from = stand.panel.requests.length;
    for (const verb of ['enable', 'password', 'isp-reset'] as const) {
      const refused = await deviceCall(t, customer.cookies, device!.id, verb);
      expect(refused.statusCode, verb).toBe(409);
      expect(refused.json()).toEqual({ message: EXPIRED });
    }
    expect(stand.panel.requests.slice(from).map((request) => request.action)).toEqual([]);

    const { oneMonth } = await seededPackages(t.app);
    await paidOrder(t, { packageId: oneMonth.id, devices: 2, customerId: customer.customer.id, email: customer.customer.email, renewsSubscriptionId: customer.subscription.id });
    await t.services.jobs.drain();
    expect(await activeEverywhere(t, customer, customer.order.id)).toEqual(all(true));
  });

  it('are inactive as soon as the trial ends, which has no grace', async () => {
    clock.set(START);
    const trial = await subscriber(t, { packageId: 'trial-36h', paymentMethod: 'free' });
    expect((await subscriptionsOf(t, trial.cookies))[0]!.deviceCredentials.map((device) => device.isActive)).toEqual([true]);

    clock.set(new Date(trial.subscription.expirationDate.getTime() + HOUR));
    await t.services.renewalSchedule.runPass();
    const [subscription] = await subscriptionsOf(t, trial.cookies);
    expect(subscription).toMatchObject({ status: 'expired', graceEndsAt: null, suspended: true });
    expect(subscription!.deviceCredentials.map((device) => device.isActive)).toEqual([false]);
  });
});
