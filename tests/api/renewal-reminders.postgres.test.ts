import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { cryptoRenewalInvoices, orders } from '../../src/server/schema';
import { settableClock } from '../../src/server/lib/clock';
import { DAY, subjectsTo, subscriber } from '../support/renewal-schedule';
import { buildAppWithServices, useTestApp } from '../support/test-app';

const START = '2026-03-02T09:00:00.000Z';
const THREE_DAYS = 'Your StreamPlus subscription expires in 3 days';

describe('the renewal pass on two instances of one PostgreSQL database', () => {
  const clock = settableClock(START);
  const t = useTestApp({}, { clock });

  it('writes each reminder once and opens one crypto invoice per period, however many passes run at once', async () => {
    clock.set(START);
    const card = [await subscriber(t), await subscriber(t), await subscriber(t)];
    const crypto = [await subscriber(t, { paymentMethod: 'crypto' }), await subscriber(t, { paymentMethod: 'crypto' })];
    const other = await buildAppWithServices({ config: t.config, database: t.database, clientDir: null, clock });
    await other.app.ready();
    try {
      clock.set(new Date(card[0]!.subscription.expirationDate.getTime() - 2 * DAY));
      const instances = [t.services, other.services, t.services, other.services];
      await Promise.all(instances.map((services) => services.renewalSchedule.runPass()));
      await Promise.all(instances.map((services) => services.renewalSchedule.runPass()));

      for (const customer of [...card, ...crypto]) {
        expect((await subjectsTo(t, customer.customer.email)).filter((subject) => subject === THREE_DAYS)).toHaveLength(1);
      }
      for (const customer of crypto) {
        expect(await t.database.db.select().from(orders).where(eq(orders.renewsSubscriptionId, customer.subscription.id))).toHaveLength(1);
        expect(await t.database.db.select().from(cryptoRenewalInvoices).where(eq(cryptoRenewalInvoices.subscriptionId, customer.subscription.id))).toHaveLength(1);
      }
    } finally {
      await other.app.close();
    }
  });
});
