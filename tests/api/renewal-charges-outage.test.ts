import { beforeEach, describe, expect, it } from 'vitest';
import { settableClock } from '../../src/server/lib/clock';
import { createDemoCardPayments } from '../../src/server/providers/payments/demo-card-payments';
import { buyWithAutoRenew } from '../support/saved-cards';
import { chargesOf, DAY, demoIntentsOf, renewalOrdersOf, renewalSchedule, subscriptionRow } from '../support/renewal-charges';
import { useTestApp } from '../support/test-app';

const START = '2027-01-05T09:00:00.000Z';
const EXPIRY = new Date('2027-02-05T09:00:00.000Z');

/** How the card network answers off-session charges: up, down, or taking the charge and losing the answer on the way back. */
let network: 'up' | 'down' | 'answer-lost' = 'up';

describe('a card provider outage during the renewal pass', () => {
  const clock = settableClock(START);
  const t = useTestApp(
    {},
    {
      clock,
      providers: (database) => {
        const demo = createDemoCardPayments(database.db);
        return {
          cardPayments: {
            ...demo,
            async chargeOffSession(charge) {
              if (network === 'down') throw new Error('connect ECONNREFUSED');
              if (network === 'answer-lost') {
                await demo.chargeOffSession(charge);
                throw new Error('socket hang up');
              }
              return demo.chargeOffSession(charge);
            },
          },
        };
      },
    },
  );
  beforeEach(() => {
    clock.set(START);
    network = 'up';
  });

  it('leaves the charge to the next pass, charges the card once, and extends nobody without payment', async () => {
    const bought = await buyWithAutoRenew(t, {});
    await t.services.jobs.drain();
    clock.set(new Date(EXPIRY.getTime() - 3 * DAY));

    network = 'down';
    expect(await renewalSchedule(t)).toEqual(['provider_unavailable']);
    const [order] = await renewalOrdersOf(t, bought.subscriptionId);
    expect(order!.paymentStatus).toBe('pending');
    expect((await subscriptionRow(t, bought.subscriptionId)).expirationDate).toEqual(EXPIRY);
    expect((await chargesOf(t, bought.subscriptionId))[0]).toMatchObject({ status: 'scheduled', attempts: 0, lastErrorCode: 'provider_unavailable' });

    // The card is charged, but the answer never reaches the store: still not extended.
    clock.set(new Date(clock.now().getTime() + 5 * 60_000));
    network = 'answer-lost';
    expect(await renewalSchedule(t)).toEqual(['provider_unavailable']);
    expect((await demoIntentsOf(t, order!.id)).map((intent) => intent.status)).toEqual(['succeeded']);
    expect((await renewalOrdersOf(t, bought.subscriptionId))[0]!.paymentStatus).toBe('pending');
    expect((await subscriptionRow(t, bought.subscriptionId)).expirationDate).toEqual(EXPIRY);

    // Back up: the same key finds the same payment, so the card is not charged again.
    clock.set(new Date(clock.now().getTime() + 5 * 60_000));
    network = 'up';
    expect(await renewalSchedule(t)).toEqual(['succeeded']);
    expect(await renewalSchedule(t)).toEqual([]);
    expect((await demoIntentsOf(t, order!.id)).map((intent) => [intent.amount, intent.status])).toEqual([[1599, 'succeeded']]);
    expect((await renewalOrdersOf(t, bought.subscriptionId)).map((row) => row.paymentStatus)).toEqual(['completed']);
    expect((await subscriptionRow(t, bought.subscriptionId)).expirationDate.toISOString()).toBe('2027-03-05T09:00:00.000Z');
  });
});
