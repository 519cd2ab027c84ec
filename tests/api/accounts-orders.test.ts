import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { orders } from '../../src/server/schema';
import { placeTestOrder, registerCustomer } from '../support/customers';
import { useTestApp } from '../support/test-app';

describe('GET /api/customer/orders', () => {
  const t = useTestApp();
  const list = (cookies?: { sid: string }) => t.app.inject({ method: 'GET', url: '/api/customer/orders', cookies });

  it('answers 401 when not signed in', async () => {
    const response = await list();
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: 'Not authenticated' });
  });

  it("lists the signed-in customer's orders, newest first, with the gift card fields", async () => {
    const { cookies, customer } = await registerCustomer(t.app);
    const older = await placeTestOrder(t.database.db, { email: customer.email }, { signedInCustomerId: customer.id, giftCardDelivered: true });
    await t.database.db.update(orders).set({ createdAt: new Date(Date.now() - 86_400_000) }).where(eq(orders.id, older.id));
    const newer = await placeTestOrder(t.database.db, { email: customer.email }, { signedInCustomerId: customer.id, paymentStatus: 'pending' });

    const response = await list(cookies);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.json()).toEqual([
      {
        id: newer.id,
        giftCardReceived: false,
        giftCardCode: null,
        paymentStatus: 'pending',
        selectedGiftCard: 'Amazon',
        cashbackAmount: '30.00',
        cashbackCurrency: 'USD',
        createdAt: newer.createdAt.toISOString(),
        packageName: 'Streaming Box',
        totalAmount: '155.98',
        currency: 'USD',
        deviceCount: 2,
      },
      expect.objectContaining({ id: older.id, giftCardReceived: true, paymentStatus: 'completed' }),
    ]);
  });

  it("never shows one customer another's orders", async () => {
    const a = await registerCustomer(t.app);
    const b = await registerCustomer(t.app);
    const ofA = await placeTestOrder(t.database.db, { email: a.customer.email }, { signedInCustomerId: a.customer.id });
    const ofB = await placeTestOrder(t.database.db, { email: b.customer.email }, { signedInCustomerId: b.customer.id });
    // A guest order typed with A's address does not reach A's unproven account either.
    await placeTestOrder(t.database.db, { email: a.customer.email });

    expect((await list(a.cookies)).json().map((o: { id: string }) => o.id)).toEqual([ofA.id]);
    expect((await list(b.cookies)).json().map((o: { id: string }) => o.id)).toEqual([ofB.id]);
  });
});
