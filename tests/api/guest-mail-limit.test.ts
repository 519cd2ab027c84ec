import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { coupons, mailOutbox } from '../../src/server/schema';
import { checkoutForm, seededPackages } from '../support/checkout';
import { registerCustomer } from '../support/customers';
import { useTestApp } from '../support/test-app';

/** Visitors' actions send any one mailbox at most 5 store emails an hour, whoever asks and however it is spelled. */
describe('store emails to one address from guest actions', () => {
  const t = useTestApp();
  const mailsTo = async (to: string) => (await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, to))).length;

  it('are 5 an hour across password resets and setup-link requests', async () => {
    const { customer } = await registerCustomer(t.app, { email: 'jane.doe@gmail.com' });
    for (let i = 0; i < 4; i += 1) {
      const payload = { email: customer.email };
      expect((await t.app.inject({ method: 'POST', url: '/api/forgot-password', payload, remoteAddress: `10.5.0.${i}` })).statusCode).toBe(200);
    }
    // Another spelling of the same Gmail mailbox counts against it too.
    const resend = { firstName: 'Ada', lastName: 'Lovelace', email: 'Jane.Doe+x@googlemail.com', orderId: 'SP-1-000001' };
    expect((await t.app.inject({ method: 'POST', url: '/api/resend-setup-link', payload: resend, remoteAddress: '10.5.1.1' })).statusCode).toBe(200);

    const refused = await t.app.inject({ method: 'POST', url: '/api/forgot-password', payload: { email: customer.email }, remoteAddress: '10.5.2.1' });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(/^Too many requests\. Please try again in (59|60) minutes\.$/);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(3500);
    expect(await mailsTo(customer.email)).toBe(4);
  });

  it('are 5 an hour from free guest orders', async () => {
    const { oneMonth } = await seededPackages(t.app);
    await t.database.db.insert(coupons).values({ code: 'FREE100', description: 'Free', type: 'percentage', value: '100.00' });
    const order = (i: number) =>
      t.app.inject({ method: 'POST', url: '/api/checkout', payload: checkoutForm(oneMonth.id, { email: `victim+${i}@example.com`, couponCode: 'FREE100' }), remoteAddress: `10.6.0.${i}` });
    for (let i = 0; i < 5; i += 1) expect((await order(i)).json().isFreeOrder).toBe(true);
    const refused = await order(5);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(/^Too many free orders for this email address\. Please try again in (59|60) minutes\.$/);
  });
});

/** A public demonstration store takes any card for free, so its paid guest orders count like free ones. */
describe('store emails from paid guest orders on a public demonstration store (DEMO_MODE=true)', () => {
  const t = useTestApp({ DEMO_MODE: 'true' });

  it('are 5 an hour to one mailbox', async () => {
    const { oneMonth } = await seededPackages(t.app);
    const order = (i: number, paymentMethod: 'card' | 'crypto') =>
      t.app.inject({
        method: 'POST',
        url: '/api/checkout',
        payload: checkoutForm(oneMonth.id, { email: `victim+${i}@example.com`, paymentMethod }),
        remoteAddress: `10.7.0.${i}`,
      });
    for (let i = 0; i < 5; i += 1) expect((await order(i, i % 2 ? 'crypto' : 'card')).statusCode).toBe(200);
    for (const method of ['card', 'crypto'] as const) {
      const refused = await order(9, method);
      expect(refused.statusCode).toBe(429);
      expect(refused.json().message).toMatch(/^Too many free orders for this email address\. Please try again in (59|60) minutes\.$/);
    }
  });
});

describe('store emails from paid guest orders on a store with real payments or on this machine', () => {
  const t = useTestApp();

  it('are not limited: each one was paid for', async () => {
    const { oneMonth } = await seededPackages(t.app);
    for (let i = 0; i < 7; i += 1) {
      const placed = await t.app.inject({
        method: 'POST',
        url: '/api/checkout',
        payload: checkoutForm(oneMonth.id, { email: `buyer+${i}@example.com` }),
        remoteAddress: `10.8.0.${i}`,
      });
      expect(placed.statusCode).toBe(200);
    }
  });
});
