import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settableClock } from '../../src/server/lib/clock';
import { demoPaymentIntents, orders, subscriptions } from '../../src/server/schema';
import { buyWithAutoRenew } from '../support/saved-cards';
import { DAY } from '../support/renewal-charges';
import { closeInstances, startInstances, type Instance } from '../support/instances';
import { newPostgresDatabase } from '../support/test-db';
import { testConfig } from '../support/test-app';

/**
 * Two app instances on one PostgreSQL database run the renewal pass at the same moment
 * (decision 0045): each period is charged once, by one of them, and each subscription
 * extended once. PostgreSQL only: the file name keeps it out of the PGlite project.
 */
const START = '2027-01-05T09:00:00.000Z';
const BUYERS = 6;

describe('two instances running the renewal pass at once on one PostgreSQL', () => {
  const clock = settableClock(START);
  let instances: Instance[] = [];
  let drop: () => Promise<void>;

  beforeAll(async () => {
    const created = await newPostgresDatabase('storefront_renewals');
    drop = created.drop;
    instances = await startInstances(2, { config: testConfig({ DATABASE_URL: created.url }), clock });
  }, 120_000);

  afterAll(async () => {
    await closeInstances(instances);
    await drop?.();
  });

  it('charges each due period once and extends each subscription once', async () => {
    const [a, b] = instances as [(typeof instances)[0], (typeof instances)[0]];
    const bought = [];
    for (let i = 0; i < BUYERS; i++) bought.push(await buyWithAutoRenew(i % 2 === 0 ? a : b, {}));
    await a.services.jobs.drain();
    await b.services.jobs.drain();
    const ids = bought.map((buy) => buy.subscriptionId);
    const before = await a.database.db.select().from(subscriptions).where(inArray(subscriptions.id, ids));
    const expiry = before[0]!.expirationDate;
    expect(before.every((row) => row.expirationDate.getTime() === expiry.getTime() && row.autoRenew)).toBe(true);

    clock.set(new Date(expiry.getTime() - 3 * DAY));
    const outcomes = (await Promise.all([a.services.renewalCharges.runPass(), b.services.renewalCharges.runPass(), a.services.renewalCharges.runPass()])).flat();
    expect(outcomes).toEqual(Array.from({ length: BUYERS }, () => 'succeeded'));
    // The instances' passes five minutes later find nothing due.
    clock.set(new Date(expiry.getTime() - 3 * DAY + 5 * 60_000));
    expect((await Promise.all([a.services.renewalCharges.runPass(), b.services.renewalCharges.runPass()])).flat()).toEqual([]);
    await a.services.jobs.drain();
    await b.services.jobs.drain();

    const renewalOrders = await a.database.db.select().from(orders).where(inArray(orders.renewsSubscriptionId, ids));
    expect(renewalOrders).toHaveLength(BUYERS);
    expect(new Set(renewalOrders.map((order) => order.renewsSubscriptionId)).size).toBe(BUYERS);
    expect(renewalOrders.every((order) => order.paymentStatus === 'completed')).toBe(true);
    const intents = await a.database.db
      .select()
      .from(demoPaymentIntents)
      .where(inArray(demoPaymentIntents.orderId, renewalOrders.map((order) => order.id)));
    expect(intents.map((intent) => intent.status)).toEqual(Array.from({ length: BUYERS }, () => 'succeeded'));
    const after = await a.database.db.select().from(subscriptions).where(inArray(subscriptions.id, ids));
    const nextMonth = new Date(expiry);
    nextMonth.setUTCMonth(nextMonth.getUTCMonth() + 1);
    expect(after.map((row) => row.expirationDate.toISOString())).toEqual(Array.from({ length: BUYERS }, () => nextMonth.toISOString()));
  });
});
