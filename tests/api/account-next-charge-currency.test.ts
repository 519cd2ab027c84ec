import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Subscription } from '../../src/contract/subscriptions';
import { packagePrices } from '../../src/server/schema';
import { seededPackages } from '../support/checkout';
import { buyWithAutoRenew } from '../support/saved-cards';
import { useTestApp, type TestApp } from '../support/test-app';

/**
 * The account page's next charge is in the currency the renewal charges, the subscription's
 * last paid order's, at that currency's price list and device fee (decisions 0104, 0114).
 */

async function subscriptionsOf(t: TestApp, cookies: { sid: string } | null): Promise<Subscription[]> {
  const response = await t.app.inject({ method: 'GET', url: '/api/subscriptions', cookies: cookies ?? {} });
  expect(response.statusCode).toBe(200);
  return response.json();
}

describe("the account's next charge in the renewal's currency", () => {
  const t = useTestApp();

  it('says a subscription bought in dollars renews at $15.99', async () => {
    const bought = await buyWithAutoRenew(t);
    const [subscription] = await subscriptionsOf(t, bought.cookies);
    expect(subscription).toMatchObject({ nextChargeAmount: '15.99', currency: 'USD' });
  });

  it("says a subscription bought in euros renews at the EUR list's price", async () => {
    const bought = await buyWithAutoRenew(t, { fields: { currency: 'EUR' } });
    const [subscription] = await subscriptionsOf(t, bought.cookies);
    expect(subscription).toMatchObject({ nextChargeAmount: '14.99', currency: 'EUR' });
    // The single subscription's answer (the auto-renew switch's) says the same.
    const switched = await t.app.inject({ method: 'PATCH', url: `/api/subscriptions/${bought.subscriptionId}/auto-renew`, payload: { enabled: true }, cookies: bought.cookies! });
    expect(switched.json()).toMatchObject({ nextChargeAmount: '14.99', currency: 'EUR' });
  });

  it("adds the BRL device fee to the BRL list's price", async () => {
    const bought = await buyWithAutoRenew(t, { devices: 2, fields: { currency: 'BRL' } });
    const [subscription] = await subscriptionsOf(t, bought.cookies);
    // 79.99 + 29.99 for the second device.
    expect(subscription).toMatchObject({ nextChargeAmount: '109.98', currency: 'BRL' });
  });

  it('quotes dollars once the EUR list no longer has the package', async () => {
    const bought = await buyWithAutoRenew(t, { fields: { currency: 'EUR' } });
    const { oneMonth } = await seededPackages(t.app);
    await t.database.db.delete(packagePrices).where(and(eq(packagePrices.packageId, oneMonth.id), eq(packagePrices.currency, 'EUR')));
    const [subscription] = await subscriptionsOf(t, bought.cookies);
    expect(subscription).toMatchObject({ nextChargeAmount: '15.99', currency: 'USD' });
  });
});
