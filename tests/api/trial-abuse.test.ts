import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { settableClock } from '../../src/server/lib/clock';
import { auditLog, customers, orders, trialClaims, trialDays } from '../../src/server/schema';
import { signInAdmin } from '../support/admins';
import { newRegistration } from '../support/customers';
import { orderPaidWithoutJobs, pendingOrder } from '../support/paid-orders';
import { useTestApp } from '../support/test-app';

/**
 * Trial abuse (decision 0101): disposable addresses refused, the owner's daily budget (50 by
 * default) counted per day of the store's time zone, 3 trials a day per /24 or /48 network,
 * and the owner's trials -> paid conversion by ISO week.
 */
// 03:00 UTC on Dec 4 is still Dec 3 in New York, the store's zone here: the trial's day is the store's.
const NOW = '2026-12-04T03:00:00.000Z';
const STORE_DAY = '2026-12-03';
const PAUSED = { message: 'Free trials are paused for today. Please try again tomorrow.' };
const DISPOSABLE = { message: 'Free trials need a permanent email address. Please use an address you check regularly.' };
const NETWORK_LIMIT = { message: 'Too many free trials from your network today. Please try again tomorrow.' };

describe('trial abuse', () => {
  const clock = settableClock(NOW);
  const t = useTestApp({ STORE_TIME_ZONE: 'America/New_York' }, { clock });
  let address = 0;
  beforeEach(() => clock.set(NOW));

  /** A sign-up from its own /24 unless an address is given, so only the rule under test speaks. */
  const signUp = (overrides: Record<string, unknown> = {}, remoteAddress = `198.18.${++address % 250}.7`) =>
    t.app.inject({ method: 'POST', url: '/api/register-trial', payload: newRegistration({ signupType: 'trial', ...overrides }), remoteAddress });
  const checkoutTrial = (email: string, remoteAddress: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/checkout',
      payload: { firstName: 'Ada', lastName: 'Lovelace', email, packageId: 'trial-36h', deviceCount: '1' },
      remoteAddress,
    });
  const availability = async () => (await t.app.inject({ method: 'GET', url: '/api/trials/availability' })).json();

  describe('disposable email domains', () => {
    it('refuses a listed domain and any subdomain of one, at sign-up and at checkout, before an account exists', async () => {
      for (const email of ['someone@mailinator.com', 'someone@MAILINATOR.COM', 'someone@inbox.mailinator.com', 'x@a.b.guerrillamail.com']) {
        const refused = await signUp({ email });
        expect([email, refused.statusCode, refused.json()]).toEqual([email, 400, DISPOSABLE]);
      }
      const atCheckout = await checkoutTrial('guest@sub.mailinator.com', '198.51.100.20');
      expect([atCheckout.statusCode, atCheckout.json()]).toEqual([400, DISPOSABLE]);
      expect(await t.database.db.select().from(customers)).toEqual([]);
      expect(await t.database.db.select().from(trialClaims)).toEqual([]);
    });

    it('gives a trial to an ordinary address, and to a domain that merely ends like a listed one', async () => {
      expect((await signUp({ email: 'someone@example.com' })).statusCode).toBe(201);
      expect((await signUp({ email: 'someone@mailinator.com.au' })).statusCode).toBe(201);
      expect((await signUp({ email: 'someone@ilovemailinator.com' })).statusCode).toBe(201);
    });
  });

  describe('the daily budget', () => {
    it('is 50 by default; the 51st trial of the store day is refused with 429 until the store midnight, and the buttons show paused', async () => {
      expect(await availability()).toEqual({ paused: false });
      await t.database.db.insert(trialDays).values({ day: STORE_DAY, started: 49 });
      expect((await signUp()).statusCode).toBe(201);
      expect(await t.database.db.select().from(trialDays)).toEqual([{ day: STORE_DAY, started: 50 }]);
      expect(await availability()).toEqual({ paused: true });

      const refused = await signUp();
      expect([refused.statusCode, refused.json()]).toEqual([429, PAUSED]);
      // Midnight in New York is 05:00 UTC: two hours away.
      expect(Number(refused.headers['retry-after'])).toBe(2 * 3600);
      const atCheckout = await checkoutTrial('checkout-guest@example.com', '198.51.100.30');
      expect([atCheckout.statusCode, atCheckout.json()]).toEqual([429, PAUSED]);
      expect(await t.database.db.select().from(customers)).toHaveLength(1);

      // The store's next day starts at 05:00 UTC: trials again.
      clock.set('2026-12-04T05:00:00.000Z');
      expect(await availability()).toEqual({ paused: false });
      expect((await signUp()).statusCode).toBe(201);
      expect(await t.database.db.select().from(trialDays).where(eq(trialDays.day, '2026-12-04'))).toEqual([{ day: '2026-12-04', started: 1 }]);
    });

    it('gives exactly one of many concurrent sign-ups the last trial of the budget', async () => {
      await t.database.db.insert(trialDays).values({ day: STORE_DAY, started: 49 });
      const answers = await Promise.all(Array.from({ length: 6 }, () => signUp()));
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 429, 429, 429, 429, 429]);
      expect(await t.database.db.select().from(trialDays)).toEqual([{ day: STORE_DAY, started: 50 }]);
      expect(await t.database.db.select().from(trialClaims)).toHaveLength(1);
    });

    it('is the owner’s to set from 0 to 10000, audited; 0 pauses trials at once', async () => {
      const admin = await signInAdmin(t);
      const budget = (payload?: unknown) =>
        t.app.inject({ method: payload === undefined ? 'GET' : 'PATCH', url: '/api/admin/trial-budget', payload: payload as object, cookies: admin });
      expect((await budget()).json()).toEqual({ dailyBudget: 50, startedToday: 0, day: STORE_DAY });
      for (const bad of [{ dailyBudget: -1 }, { dailyBudget: 10001 }, { dailyBudget: 2.5 }, { dailyBudget: '7' }, {}, { dailyBudget: 5, extra: 1 }]) {
        const refused = await budget(bad);
        expect([JSON.stringify(bad), refused.statusCode, typeof refused.json().message]).toEqual([JSON.stringify(bad), 400, 'string']);
      }
      expect((await budget({ dailyBudget: 10000 })).json()).toMatchObject({ dailyBudget: 10000 });
      expect((await budget({ dailyBudget: 0 })).json()).toEqual({ dailyBudget: 0, startedToday: 0, day: STORE_DAY });
      expect(await availability()).toEqual({ paused: true });
      expect((await signUp()).json()).toEqual(PAUSED);
      const audited = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'trial.budget'));
      expect(audited.map((row) => [row.before, row.after])).toEqual([
        [{ dailyBudget: 50 }, { dailyBudget: 10000 }],
        [{ dailyBudget: 10000 }, { dailyBudget: 0 }],
      ]);
      // Setting the same value again changes nothing and writes no row.
      await budget({ dailyBudget: 0 });
      expect(await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'trial.budget'))).toHaveLength(2);

      expect((await budget({ dailyBudget: 2 })).statusCode).toBe(200);
      expect((await signUp()).statusCode).toBe(201);
      expect((await signUp()).statusCode).toBe(201);
      expect((await signUp()).statusCode).toBe(429);
      expect((await budget()).json()).toEqual({ dailyBudget: 2, startedToday: 2, day: STORE_DAY });
    });
  });

  describe('the limit per network', () => {
    it('gives one IPv4 /24 3 trials a day, wherever in the /24 they come from; another /24 is apart', async () => {
      for (const ip of ['203.0.113.1', '203.0.113.99', '203.0.113.254']) expect((await signUp({}, ip)).statusCode).toBe(201);
      const limited = await signUp({}, '203.0.113.7');
      expect([limited.statusCode, limited.json()]).toEqual([429, NETWORK_LIMIT]);
      // An IPv4 address mapped into IPv6 is the same caller.
      expect((await signUp({}, '::ffff:203.0.113.50')).statusCode).toBe(429);
      expect((await checkoutTrial('guest-net@example.com', '203.0.113.8')).statusCode).toBe(429);
      expect((await signUp({}, '203.0.114.1')).statusCode).toBe(201);
      expect(await t.database.db.select().from(customers)).toHaveLength(4);
      // The next store day the network has 3 again.
      clock.set('2026-12-04T05:00:00.000Z');
      expect((await signUp({}, '203.0.113.7')).statusCode).toBe(201);
    });

    it('gives one IPv6 /48 3 trials a day across its /64s; another /48 is apart', async () => {
      for (const ip of ['2001:db8:aaaa::1', '2001:db8:aaaa:1::1', '2001:db8:aaaa:ffff:1:2:3:4']) expect((await signUp({}, ip)).statusCode).toBe(201);
      const limited = await signUp({}, '2001:0db8:aaaa:0042::9');
      expect([limited.statusCode, limited.json()]).toEqual([429, NETWORK_LIMIT]);
      expect((await signUp({}, '2001:db8:aaab::1')).statusCode).toBe(201);
    });

    it('counts IPv4-mapped IPv6 callers as their IPv4 /24', async () => {
      for (const ip of ['::ffff:192.0.2.1', '::ffff:c000:0202', '192.0.2.3']) expect((await signUp({}, ip)).statusCode).toBe(201);
      expect((await signUp({}, '192.0.2.200')).statusCode).toBe(429);
    });

    it('lets concurrent sign-ups from one /24 take exactly 3 trials', async () => {
      const answers = await Promise.all(Array.from({ length: 6 }, (_, i) => signUp({}, `100.64.9.${i + 1}`)));
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 201, 201, 429, 429, 429]);
      expect(await t.database.db.select().from(orders)).toHaveLength(3);
    });
  });

  describe('trials -> paid by week', () => {
    /** A trial claimed at `claimedAt` by a new customer, and that customer's paid orders at `paidAt`s. */
    async function trialCustomer(name: string, claimedAt: string, paid: { at: string; refunded?: boolean }[] = []) {
      const trial = await pendingOrder(t, { packageId: 'trial-36h', paymentMethod: 'free', email: `${name}@example.com` });
      await t.database.db.update(orders).set({ paymentStatus: 'completed', paidAt: new Date(claimedAt) }).where(eq(orders.id, trial.id));
      await t.database.db.insert(trialClaims).values({ email: `${name}@example.com`, browserId: null, orderId: trial.id, claimedAt: new Date(claimedAt) });
      for (const payment of paid) {
        const order = await orderPaidWithoutJobs(t, { packageId: 'trial-36h', customerId: trial.customerId!, totalAmount: '15.99' }, 0);
        await t.database.db
          .update(orders)
          .set({ paidAt: new Date(payment.at), paymentStatus: payment.refunded ? 'refunded' : 'completed' })
          .where(eq(orders.id, order.id));
      }
    }

    it('counts per ISO week of the store\'s zone the trials started, their customers who paid afterwards, and the rate', async () => {
      // Week 2026-W48 (Mon Nov 23 in New York): paid after, paid only before, refunded, and a Sunday-night trial that is Monday in UTC.
      await trialCustomer('converted', '2026-11-24T15:00:00Z', [{ at: '2026-11-30T12:00:00Z' }]);
      await trialCustomer('paid-before', '2026-11-24T15:00:00Z', [{ at: '2026-11-20T12:00:00Z' }]);
      await trialCustomer('refunded', '2026-11-25T15:00:00Z', [{ at: '2026-11-26T12:00:00Z', refunded: true }]);
      await trialCustomer('sunday-night', '2026-11-30T03:00:00Z');
      // Week 2026-W49 (Mon Nov 30): one of two paid.
      await trialCustomer('this-week', '2026-12-01T12:00:00Z', [{ at: '2026-12-02T12:00:00Z' }, { at: '2026-12-03T12:00:00Z' }]);
      await trialCustomer('not-yet', '2026-12-02T12:00:00Z');

      const admin = await signInAdmin(t);
      const response = await t.app.inject({ method: 'GET', url: '/api/admin/trial-conversion?weeks=3', cookies: admin });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        timeZone: 'America/New_York',
        weeks: [
          { week: '2026-W49', weekStart: '2026-11-30', trialsStarted: 2, paidAfterTrial: 1, conversionPercent: 50 },
          { week: '2026-W48', weekStart: '2026-11-23', trialsStarted: 4, paidAfterTrial: 1, conversionPercent: 25 },
          { week: '2026-W47', weekStart: '2026-11-16', trialsStarted: 0, paidAfterTrial: 0, conversionPercent: null },
        ],
      });
      // 12 weeks by default; at most 104.
      expect((await t.app.inject({ method: 'GET', url: '/api/admin/trial-conversion', cookies: admin })).json().weeks).toHaveLength(12);
      const tooMany = await t.app.inject({ method: 'GET', url: '/api/admin/trial-conversion?weeks=105', cookies: admin });
      expect([tooMany.statusCode, tooMany.json()]).toEqual([400, { message: 'weeks must be a whole number from 1 to 104' }]);
    });

    it('answers only an admin session', async () => {
      for (const url of ['/api/admin/trial-conversion', '/api/admin/trial-budget']) {
        const response = await t.app.inject({ method: 'GET', url });
        expect([url, response.statusCode]).toEqual([url, 401]);
      }
    });
  });
});
