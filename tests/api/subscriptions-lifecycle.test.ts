import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { mailOutbox, orders, subscriptions } from '../../src/server/schema';
import { SUBSCRIPTION_JOBS } from '../../src/server/features/subscriptions/service';
import { RENEWAL_SCHEDULE_JOB } from '../../src/server/workflows/renewals/reminder-schedule';
import { PAID_ORDER_JOBS } from '../../src/server/workflows/paid-order';
import { createGeneratorProvisioning } from '../../src/server/providers/provisioning/generator';
import type { ProvisioningProvider } from '../../src/server/providers/provisioning/index';
import { seededPackages } from '../support/checkout';
import { orderPaidWithoutJobs, paidOrder } from '../support/paid-orders';
import { settableClock } from '../../src/server/lib/clock';
import { useTestApp, type TestApp } from '../support/test-app';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

async function provisionedOrder(t: TestApp, packageId?: string) {
  const order = await paidOrder(t, { packageId: packageId ?? (await seededPackages(t.app)).oneMonth.id });
  await t.services.jobs.drain();
  const [row] = await t.database.db.select().from(subscriptions).where(eq(subscriptions.orderId, order.id));
  return { order, subscription: row! };
}

/** Moves a subscription in time: it started `startedAgoMs` ago and ends `endsInMs` from now. */
async function setPeriod(t: TestApp, subscriptionId: string, startedAgoMs: number, endsInMs: number) {
  await t.database.db
    .update(subscriptions)
    .set({ startDate: new Date(Date.now() - startedAgoMs), expirationDate: new Date(Date.now() + endsInMs) })
    .where(eq(subscriptions.id, subscriptionId));
}

const statusOf = async (t: TestApp, subscriptionId: string) =>
  (await t.database.db.select({ status: subscriptions.status }).from(subscriptions).where(eq(subscriptions.id, subscriptionId)))[0]!.status;

describe('subscription lifecycle jobs', () => {
  const t = useTestApp();

  it('marks active subscriptions past their expiry as expired, through the scheduled job', async () => {
    const past = await provisionedOrder(t);
    const current = await provisionedOrder(t);
    const box = await provisionedOrder(t, 'streaming-box');
    await setPeriod(t, past.subscription.id, 40 * DAY, -HOUR);
    await setPeriod(t, box.subscription.id, 200 * DAY, -HOUR);

    await t.services.jobs.send(SUBSCRIPTION_JOBS.expireSubscriptions, {});
    await t.services.jobs.drain();
    expect(await statusOf(t, past.subscription.id)).toBe('expired');
    expect(await statusOf(t, current.subscription.id)).toBe('active');
    // A box that was never activated is not 'active', so it is left for its owner.
    expect(await statusOf(t, box.subscription.id)).toBe('pending_activation');
    expect(await t.services.subscriptions.expireSubscriptions()).toBe(0);
  });

  it('emails one 3-day reminder, none to the trial, and again after a renewal', async () => {
    const due = await provisionedOrder(t);
    const later = await provisionedOrder(t);
    const trial = await paidOrder(t, { packageId: 'trial-36h', paymentMethod: 'free' });
    await t.services.jobs.drain();
    await setPeriod(t, due.subscription.id, 28 * DAY, 2 * DAY);
    await setPeriod(t, later.subscription.id, 20 * DAY, 5 * DAY);
    const remindersTo = async (to: string) =>
      (await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, to))).filter((m) => m.subject === 'Your StreamPlus subscription expires in 3 days');

    await t.services.jobs.send(RENEWAL_SCHEDULE_JOB, {});
    await t.services.jobs.drain();
    expect((await t.services.renewalSchedule.runPass()).emails).toBe(0);

    const [reminder, ...more] = await remindersTo(due.order.customerEmail);
    expect(more).toEqual([]);
    expect(reminder!.text).toContain('Your 1 Month Premium subscription expires on');
    expect(reminder!.text).toContain('http://localhost:5000/account');
    expect(await remindersTo(later.order.customerEmail)).toEqual([]);
    expect(await remindersTo(trial.customerEmail)).toEqual([]);

    // A renewal starts a new period with a reminder of its own.
    const { oneMonth } = await seededPackages(t.app);
    await paidOrder(t, { packageId: oneMonth.id, customerId: due.subscription.customerId, renewsSubscriptionId: due.subscription.id });
    await t.services.jobs.drain();
    await setPeriod(t, due.subscription.id, 58 * DAY, 2 * DAY);
    expect((await t.services.renewalSchedule.runPass()).emails).toBe(1);
    expect(await remindersTo(due.order.customerEmail)).toHaveLength(2);
  });

  it('finds paid orders whose jobs were lost and provisions and confirms them', async () => {
    const { oneMonth } = await seededPackages(t.app);
    const lost = await orderPaidWithoutJobs(t, { packageId: oneMonth.id, devices: 2 }, 10 * 60_000);
    const recent = await orderPaidWithoutJobs(t, { packageId: oneMonth.id }, 10_000);

    await t.services.jobs.send(PAID_ORDER_JOBS.sweepPaidOrders, {});
    await t.services.jobs.drain();

    const [swept] = await t.database.db.select().from(subscriptions).where(eq(subscriptions.orderId, lost.id));
    expect(swept).toMatchObject({ status: 'active', deviceCount: 2 });
    const [lostRow] = await t.database.db.select().from(orders).where(eq(orders.id, lost.id));
    expect(lostRow!.confirmationSentAt).not.toBeNull();
    // Paid moments ago: its own jobs may still be on their way.
    expect(await t.database.db.select().from(subscriptions).where(eq(subscriptions.orderId, recent.id))).toEqual([]);

    await t.services.jobs.send(PAID_ORDER_JOBS.sweepPaidOrders, {});
    await t.services.jobs.drain();
    const confirmations = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.subject, `Order Confirmation - ${lost.id}`));
    expect(confirmations).toHaveLength(1);
  });
});

describe('a paid order whose hand-off to its jobs was lost, on a running instance', () => {
  const t = useTestApp();

  it('is provisioned and confirmed within seconds, not at the next minute (docs/decisions/0029)', async () => {
    const { oneMonth } = await seededPackages(t.app);
    // Paid 12 s ago by an instance that died before sending its jobs.
    const lost = await orderPaidWithoutJobs(t, { packageId: oneMonth.id }, 12_000);
    await t.services.jobs.start();
    const started = Date.now();
    try {
      const finished = async () => {
        const [row] = await t.database.db.select().from(orders).where(eq(orders.id, lost.id));
        return { provisioned: row?.fulfilledAt != null, confirmed: row?.confirmationSentAt != null };
      };
      await expect.poll(finished, { timeout: 15_000, interval: 200 }).toEqual({ provisioned: true, confirmed: true });
      // The quick sweep runs every 5 s; the minute sweep would leave it for 30 s after its payment.
      expect(Date.now() - started).toBeLessThan(8_000);
    } finally {
      await t.services.jobs.stop();
    }
  });
});

describe('a provider that fails for a while', () => {
  let failuresLeft = 0;
  const generator = createGeneratorProvisioning();
  const flaky: ProvisioningProvider = {
    ...generator,
    async createLine(line) {
      if (failuresLeft > 0) {
        failuresLeft -= 1;
        throw new Error('panel unavailable');
      }
      return generator.createLine(line);
    },
  };
  const t = useTestApp({}, { providers: () => ({ provisioning: flaky }) });

  it('has the provisioning job retried with backoff until it succeeds', async () => {
    failuresLeft = 2;
    const { oneMonth } = await seededPackages(t.app);
    const order = await paidOrder(t, { packageId: oneMonth.id });
    await t.services.jobs.drain();
    expect(await t.database.db.select().from(subscriptions).where(eq(subscriptions.orderId, order.id))).toEqual([]);

    // The retries wait for their backoff; run them now as time passing would.
    await t.services.jobs.drain({ includeDelayed: true });
    expect(failuresLeft).toBe(0);
    expect(await t.database.db.select().from(subscriptions).where(eq(subscriptions.orderId, order.id))).toHaveLength(1);
  });

  it('has the sweep start a provisioning job that ran out of attempts over again', async () => {
    failuresLeft = 1000;
    const { oneMonth } = await seededPackages(t.app);
    const order = await paidOrder(t, { packageId: oneMonth.id });
    await t.services.jobs.drain({ includeDelayed: true });
    expect(await t.database.db.select().from(subscriptions).where(eq(subscriptions.orderId, order.id))).toEqual([]);

    failuresLeft = 0;
    await t.database.db.update(orders).set({ paidAt: new Date(Date.now() - 10 * 60_000) }).where(eq(orders.id, order.id));
    await t.services.jobs.send(PAID_ORDER_JOBS.sweepPaidOrders, {});
    await t.services.jobs.drain();
    const provisioned = await t.database.db.select().from(subscriptions).where(eq(subscriptions.orderId, order.id));
    expect(provisioned).toHaveLength(1);
    expect(provisioned[0]).toMatchObject({ status: 'active', deviceCount: 1 });
  });
});

describe('subscription lifecycle on a moved clock', () => {
  const clock = settableClock();
  const t = useTestApp({}, { clock });

  it('sends the 3-day reminder when the server clock, not the data, reaches 3 days before expiry', async () => {
    clock.set(new Date());
    const { order, subscription } = await provisionedOrder(t);
    const reminders = async () =>
      (await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, order.customerEmail))).filter((m) => m.subject === 'Your StreamPlus subscription expires in 3 days');

    clock.set(new Date(subscription.expirationDate.getTime() - 8 * DAY));
    expect((await t.services.renewalSchedule.runPass()).emails).toBe(0);
    clock.set(new Date(subscription.expirationDate.getTime() - 2 * DAY));
    expect((await t.services.renewalSchedule.runPass()).emails).toBe(1);
    expect(await reminders()).toHaveLength(1);
  });
});
