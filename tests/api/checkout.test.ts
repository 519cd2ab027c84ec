import { describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { customers, demoPaymentIntents, orders, purchaseNotifications, subscriptions, trialClaims } from '../../src/server/schema';
import { browserCookieOf, checkoutForm, intentIdOf, postCheckout, seededPackages, shippingFields } from '../support/checkout';
import { registerCustomer } from '../support/customers';
import { useTestApp } from '../support/test-app';

describe('POST /api/checkout: paid card orders', () => {
  const t = useTestApp();

  it('creates a pending order priced by the server, a customer without a password, and a demo PaymentIntent', async () => {
    const { oneMonth } = await seededPackages(t.app);
    const form = checkoutForm(oneMonth.id, { email: '  Grace.Hopper@Example.COM ', totalAmount: '0.01', price: '0.00', subtotalAmount: '0.01' });
    const response = await postCheckout(t.app, form);

    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ isFreeOrder: false, needsPasswordSetup: true });
    expect(body.order.id).toMatch(/^SP-\d+-\d+$/);
    expect(body.order).toMatchObject({ paymentStatus: 'pending', subtotalAmount: '15.99', totalAmount: '15.99', cashbackAmount: oneMonth.cashback });
    expect(body.clientSecret).toMatch(/^pi_demo_\w+_secret_\w+$/);

    const [order] = await t.database.db.select().from(orders).where(eq(orders.id, body.order.id));
    expect(order).toMatchObject({
      customerEmail: 'grace.hopper@example.com',
      customerName: 'Grace Hopper',
      selectedGiftCard: 'Amazon',
      paymentMethod: 'card',
      deviceCount: '1',
      couponCode: null,
      couponDiscount: '0.00',
      requiresShipping: false,
      stripePaymentIntentId: intentIdOf(body.clientSecret),
    });
    const [customer] = await t.database.db.select().from(customers).where(eq(customers.id, order!.customerId!));
    expect(customer).toMatchObject({ email: 'grace.hopper@example.com', password: null, hasAccount: false });
    const [intent] = await t.database.db.select().from(demoPaymentIntents).where(eq(demoPaymentIntents.id, intentIdOf(body.clientSecret)));
    expect(intent).toMatchObject({ amount: 1599, currency: 'usd', orderId: body.order.id, status: 'requires_payment_method' });
  });

  it('takes the names people really have: a suffix after a comma, a nickname in quotes', async () => {
    const { oneMonth } = await seededPackages(t.app);
    const response = await postCheckout(t.app, checkoutForm(oneMonth.id, { firstName: 'Dan "DJ"', lastName: 'Smith, Jr.' }));

    expect(response.statusCode).toBe(200);
    const [order] = await t.database.db.select().from(orders).where(eq(orders.id, response.json().order.id));
    expect(order!.customerName).toBe('Dan "DJ" Smith, Jr.');
    const [customer] = await t.database.db.select().from(customers).where(eq(customers.id, order!.customerId!));
    expect(customer).toMatchObject({ firstName: 'Dan "DJ"', lastName: 'Smith, Jr.' });
  });

  it('sets an httpOnly bid cookie that identifies the browser', async () => {
    const { oneMonth } = await seededPackages(t.app);
    const response = await postCheckout(t.app, checkoutForm(oneMonth.id));
    const cookie = response.cookies.find((c) => c.name === 'bid');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    const again = await postCheckout(t.app, checkoutForm(oneMonth.id), browserCookieOf(response));
    expect(again.cookies.find((c) => c.name === 'bid')).toBeUndefined();
  });

  it('adds $5.99 per device beyond the first, for a string or a number', async () => {
    const { twelveMonths } = await seededPackages(t.app);
    for (const [deviceCount, subtotal] of [
      ['2', '125.98'],
      [3, '131.97'],
      ['4', '137.96'],
    ] as const) {
      const body = (await postCheckout(t.app, checkoutForm(twelveMonths.id, { deviceCount }))).json();
      expect(body.order).toMatchObject({ deviceCount: Number(deviceCount), subtotalAmount: subtotal, totalAmount: subtotal });
    }
  });

  it('applies a coupon on the server price: WELCOME10 takes 10% of the subtotal', async () => {
    const { oneMonth } = await seededPackages(t.app);
    const body = (await postCheckout(t.app, checkoutForm(oneMonth.id, { couponCode: 'welcome10', deviceCount: '2' }))).json();
    expect(body.order).toMatchObject({ couponCode: 'WELCOME10', subtotalAmount: '21.98', couponDiscount: '2.20', totalAmount: '19.78' });
    expect(intentIdOf(body.clientSecret)).toBeTruthy();
    const [intent] = await t.database.db.select().from(demoPaymentIntents).where(eq(demoPaymentIntents.id, intentIdOf(body.clientSecret)));
    expect(intent!.amount).toBe(1978);
  });

  it('refuses a coupon that does not apply, with its reason', async () => {
    const { oneMonth } = await seededPackages(t.app);
    const below = await postCheckout(t.app, checkoutForm(oneMonth.id, { couponCode: 'SAVE5' }));
    expect(below.statusCode).toBe(400);
    expect(below.json()).toEqual({ message: 'This coupon requires an order of at least $30.00' });
    const unknown = await postCheckout(t.app, checkoutForm(oneMonth.id, { couponCode: 'NOPE' }));
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({ message: 'This coupon code is not valid' });
  });

  it('takes a crypto order without opening a card payment', async () => {
    const { oneMonth } = await seededPackages(t.app);
    const body = (await postCheckout(t.app, checkoutForm(oneMonth.id, { paymentMethod: 'crypto' }))).json();
    expect(body).toMatchObject({ isFreeOrder: false, clientSecret: null, order: { paymentMethod: 'crypto', paymentStatus: 'pending' } });
    expect(await t.database.db.select().from(demoPaymentIntents)).toHaveLength(0);
  });

  it('orders the streaming box with its shipping address', async () => {
    const { box } = await seededPackages(t.app);
    const form = checkoutForm(box.id, { ...shippingFields, shippingCountry: 'CA', deviceCount: 4 });
    const body = (await postCheckout(t.app, form)).json();
    expect(body.order).toMatchObject({ subtotalAmount: '167.96', cashbackAmount: box.cashback });
    const [order] = await t.database.db.select().from(orders).where(eq(orders.id, body.order.id));
    expect(order).toMatchObject({
      requiresShipping: true,
      shippingAddress: '1 Infinite Loop',
      shippingCity: 'Cupertino',
      shippingState: 'CA',
      shippingZip: '95014',
      shippingCountry: 'CA',
    });
  });

  it('belongs to the signed-in customer, who needs no password setup', async () => {
    const { oneMonth } = await seededPackages(t.app);
    const signedIn = await registerCustomer(t.app);
    const response = await postCheckout(t.app, checkoutForm(oneMonth.id, { email: signedIn.customer.email }), signedIn.cookies);
    expect(response.json()).toMatchObject({ needsPasswordSetup: false });
    const [order] = await t.database.db.select().from(orders).where(eq(orders.id, response.json().order.id));
    expect(order!.customerId).toBe(signedIn.customer.id);
  });
});

describe('POST /api/checkout: bad input', () => {
  const t = useTestApp();

  const expectRefusal = async (form: Record<string, unknown>, message: string, status = 400) => {
    const response = await postCheckout(t.app, form);
    expect({ status: response.statusCode, body: response.json() }).toEqual({ status, body: { message } });
  };

  it("answers each missing field with the spec's message", async () => {
    const { oneMonth } = await seededPackages(t.app);
    const form = checkoutForm(oneMonth.id);
    const without = (field: string) => Object.fromEntries(Object.entries(form).filter(([key]) => key !== field));
    await expectRefusal(without('firstName'), 'First name is required');
    await expectRefusal(without('lastName'), 'Last name is required');
    await expectRefusal(without('email'), 'Invalid email address');
    await expectRefusal(without('packageId'), 'Package selection is required');
    await expectRefusal(without('deviceCount'), 'Device count is required');
    await expectRefusal({ ...form, firstName: '   ' }, 'First name is required');
    await expectRefusal({ ...form, deviceCount: '' }, 'Device count is required');
    await expectRefusal({ ...form, email: 'not-an-email' }, 'Invalid email address');
  });

  it('refuses a name carrying an address, markup or a line break, as names go into emails', async () => {
    const { oneMonth } = await seededPackages(t.app);
    await expectRefusal(checkoutForm(oneMonth.id, { lastName: 'bob@example.com' }), 'Last name may contain only letters, spaces, apostrophes, hyphens, dots, commas and quotes');
    await expectRefusal(checkoutForm(oneMonth.id, { firstName: '<b>x</b>' }), 'First name may contain only letters, spaces, apostrophes, hyphens, dots, commas and quotes');
    await expectRefusal(checkoutForm(oneMonth.id, { lastName: 'visit example.com' }), 'Last name must not contain a web address');
    await expectRefusal(checkoutForm(oneMonth.id, { firstName: 'Dan\nBcc' }), 'First name must not contain control characters');
    expect(await t.database.db.select().from(orders)).toEqual([]);
  });

  it('refuses device counts outside 1 to 4 and of the wrong type', async () => {
    const { oneMonth } = await seededPackages(t.app);
    for (const deviceCount of [0, -1, 5, 1_000_000, '5', '-2', 2.5, '2.5', 'two', true, [2], { n: 2 }]) {
      await expectRefusal(checkoutForm(oneMonth.id, { deviceCount }), 'Device count must be a whole number from 1 to 4');
    }
  });

  it('refuses fields of the wrong type', async () => {
    const { oneMonth } = await seededPackages(t.app);
    await expectRefusal(checkoutForm(oneMonth.id, { firstName: 42 }), 'First name is required');
    await expectRefusal(checkoutForm(oneMonth.id, { email: ['a@b.co'] }), 'Invalid email address');
    await expectRefusal(checkoutForm(oneMonth.id, { packageId: 7 }), 'Package selection is required');
    await expectRefusal(checkoutForm(oneMonth.id, { paymentMethod: 'paypal' }), "Payment method must be 'card' or 'crypto'");
    await expectRefusal(checkoutForm(oneMonth.id, { couponCode: 10 }), 'Coupon code must be text');
    await expectRefusal(checkoutForm(oneMonth.id, { selectedGiftCard: 'Gold bars' }), 'Please choose a gift card from the list');
    await expectRefusal(checkoutForm(oneMonth.id, { renewsSubscriptionId: 'abc' }), 'Invalid subscription id');
  });

  it('refuses an unknown package and a paid package without a gift card', async () => {
    const { oneMonth } = await seededPackages(t.app);
    await expectRefusal(checkoutForm('no-such-package'), 'Unknown package');
    await expectRefusal(checkoutForm(oneMonth.id, { selectedGiftCard: '' }), 'Gift card selection is required');
    await expectRefusal(checkoutForm(oneMonth.id, { selectedGiftCard: undefined }), 'Gift card selection is required');
  });

  it('refuses the streaming box without a full shipping address', async () => {
    await expectRefusal(checkoutForm('streaming-box'), 'Shipping information is required for streaming box orders');
    await expectRefusal(checkoutForm('streaming-box', { ...shippingFields, shippingZip: ' ' }), 'Shipping information is required for streaming box orders');
    await expectRefusal(checkoutForm('streaming-box', { ...shippingFields, shippingCountry: 'MX' }), 'Shipping country must be US or CA');
    expect(await t.database.db.select().from(orders)).toHaveLength(0);
  });

  it('answers malformed JSON with 400 and an oversized body with 413', async () => {
    const malformed = await t.app.inject({ method: 'POST', url: '/api/checkout', headers: { 'content-type': 'application/json' }, payload: '{"firstName": ' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toEqual({ message: expect.any(String) });

    const huge = await t.app.inject({
      method: 'POST',
      url: '/api/checkout',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ firstName: 'x'.repeat(65 * 1024) }),
    });
    expect(huge.statusCode).toBe(413);
    expect(huge.json()).toEqual({ message: 'Request body is too large' });
  });
});

describe('POST /api/checkout: free orders and the trial', () => {
  const t = useTestApp();

  it('completes the free trial at once, with a purchase notification and no payment', async () => {
    const response = await postCheckout(t.app, checkoutForm('trial-36h', { selectedGiftCard: '' }));
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ isFreeOrder: true, needsPasswordSetup: true, clientSecret: null });
    expect(body.order).toMatchObject({ paymentMethod: 'free', paymentStatus: 'completed', totalAmount: '0.00', cashbackAmount: '0.00' });
    const notifications = await t.database.db.select().from(purchaseNotifications);
    expect(notifications).toEqual([expect.objectContaining({ orderId: body.order.id, packageName: '36-Hour Free Trial', totalAmount: '0.00' })]);
  });

  it('accepts the trial by its renewal-list alias', async () => {
    const response = await postCheckout(t.app, checkoutForm('36-hour-trial'));
    expect(response.json().order).toMatchObject({ packageId: 'trial-36h', paymentStatus: 'completed' });
  });

  it('gives one free trial per email address and per browser', async () => {
    const first = await postCheckout(t.app, checkoutForm('trial-36h', { email: 'once@example.com' }));
    expect(first.statusCode).toBe(200);

    const sameEmail = await postCheckout(t.app, checkoutForm('trial-36h', { email: 'ONCE+again@example.com' }));
    expect(sameEmail.statusCode).toBe(409);
    expect(sameEmail.json()).toEqual({ message: 'This email address has already used its free trial' });

    const sameBrowser = await postCheckout(t.app, checkoutForm('trial-36h', { email: 'other@example.com' }), browserCookieOf(first));
    expect(sameBrowser.statusCode).toBe(409);
    expect(sameBrowser.json()).toEqual({ message: 'A free trial has already been used on this browser' });

    expect(await t.database.db.select().from(orders)).toHaveLength(1);
    expect(await t.database.db.select().from(trialClaims)).toHaveLength(1);
  });

  it('gives the trial one device only', async () => {
    const response = await postCheckout(t.app, checkoutForm('trial-36h', { deviceCount: '2' }));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: '36-Hour Free Trial allows at most 1 device' });
  });

  it('completes a paid package made free by a coupon, counting the coupon once', async () => {
    const { oneMonth } = await seededPackages(t.app);
    await t.database.executeSql(
      `insert into coupons (code, description, type, value, usage_limit) values ('FREEMONTH', 'A month on us', 'percentage', '100.00', 1)`,
      [],
    );
    const response = await postCheckout(t.app, checkoutForm(oneMonth.id, { couponCode: 'FREEMONTH' }));
    expect(response.json()).toMatchObject({ isFreeOrder: true, clientSecret: null, order: { totalAmount: '0.00', couponDiscount: '15.99', paymentStatus: 'completed' } });
    const { rows } = await t.database.executeSql(`select usage_count from coupons where code = 'FREEMONTH'`, []);
    expect(rows[0]!.usage_count).toBe(1);

    const again = await postCheckout(t.app, checkoutForm(oneMonth.id, { couponCode: 'FREEMONTH' }));
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: 'This coupon has reached its usage limit' });
  });
});

describe('POST /api/checkout: double submits', () => {
  const t = useTestApp();

  it('answers a repeated submit from the same browser with the same order and PaymentIntent', async () => {
    const { oneMonth } = await seededPackages(t.app);
    const form = checkoutForm(oneMonth.id);
    const first = await postCheckout(t.app, form);
    const cookies = browserCookieOf(first);
    const repeats = await Promise.all(Array.from({ length: 5 }, () => postCheckout(t.app, form, cookies)));
    for (const repeat of repeats) {
      expect(repeat.statusCode).toBe(200);
      expect(repeat.json().order.id).toBe(first.json().order.id);
      expect(repeat.json().clientSecret).toBe(first.json().clientSecret);
    }
    expect(await t.database.db.select().from(orders)).toHaveLength(1);
    expect(await t.database.db.select().from(demoPaymentIntents)).toHaveLength(1);
  });

  it('makes concurrent first submits from one browser one order', async () => {
    const { oneMonth } = await seededPackages(t.app);
    const cookies = browserCookieOf(await postCheckout(t.app, checkoutForm(oneMonth.id, { paymentMethod: 'crypto' })));
    const form = checkoutForm(oneMonth.id);
    const responses = await Promise.all(Array.from({ length: 8 }, () => postCheckout(t.app, form, cookies)));
    expect(new Set(responses.map((r) => r.statusCode))).toEqual(new Set([200]));
    expect(new Set(responses.map((r) => r.json().order.id)).size).toBe(1);
    expect(new Set(responses.map((r) => r.json().clientSecret)).size).toBe(1);
    expect(await t.database.db.select().from(orders).where(eq(orders.paymentMethod, 'card'))).toHaveLength(1);
  });

  it('answers a double-submitted trial with the same completed order, not a refusal', async () => {
    const { oneMonth } = await seededPackages(t.app);
    const cookies = browserCookieOf(await postCheckout(t.app, checkoutForm(oneMonth.id, { paymentMethod: 'crypto' })));
    const form = checkoutForm('trial-36h');
    const responses = await Promise.all([postCheckout(t.app, form, cookies), postCheckout(t.app, form, cookies)]);
    expect(responses.map((r) => r.statusCode)).toEqual([200, 200]);
    expect(responses[0].json().order.id).toBe(responses[1].json().order.id);
    expect(await t.database.db.select().from(purchaseNotifications)).toHaveLength(1);
  });

  it('makes a new order for another browser, another cart, a paid order or an old attempt', async () => {
    const { oneMonth } = await seededPackages(t.app);
    const form = checkoutForm(oneMonth.id);
    const first = await postCheckout(t.app, form);
    const cookies = browserCookieOf(first);

    const otherBrowser = await postCheckout(t.app, form);
    expect(otherBrowser.json().order.id).not.toBe(first.json().order.id);
    const otherCart = await postCheckout(t.app, { ...form, deviceCount: '2' }, cookies);
    expect(otherCart.json().order.id).not.toBe(first.json().order.id);

    await t.database.db.update(orders).set({ createdAt: sql`now() - interval '11 minutes'` }).where(eq(orders.id, first.json().order.id));
    const later = await postCheckout(t.app, form, cookies);
    expect(later.json().order.id).not.toBe(first.json().order.id);

    await t.database.db.update(orders).set({ paymentStatus: 'completed' }).where(eq(orders.id, later.json().order.id));
    const afterPaying = await postCheckout(t.app, form, cookies);
    expect(afterPaying.json().order.id).not.toBe(later.json().order.id);
    expect(afterPaying.json().order.paymentStatus).toBe('pending');
  });
});

describe('POST /api/checkout: renewals', () => {
  const t = useTestApp();

  async function subscriptionOf(customerId: string, packageId: string) {
    const [order] = await t.database.db
      .insert(orders)
      .values({
        id: `SP-${Date.now()}-000001`,
        customerId,
        customerName: 'Ada Lovelace',
        customerEmail: 'ada@example.com',
        packageId,
        paymentMethod: 'card',
        paymentStatus: 'completed',
        subtotalAmount: '15.99',
        totalAmount: '15.99',
      })
      .returning();
    const [subscription] = await t.database.db
      .insert(subscriptions)
      .values({ customerId, packageId, orderId: order!.id, expirationDate: new Date(Date.now() + 86_400_000) })
      .returning();
    return subscription!;
  }

  it("renews the signed-in customer's own subscription", async () => {
    const { oneMonth } = await seededPackages(t.app);
    const owner = await registerCustomer(t.app);
    const subscription = await subscriptionOf(owner.customer.id, oneMonth.id);
    const response = await postCheckout(
      t.app,
      { packageId: oneMonth.id, deviceCount: '2', selectedGiftCard: 'Target', firstName: 'Ada', lastName: 'Lovelace', email: owner.customer.email, phone: '', renewsSubscriptionId: subscription.id },
      owner.cookies,
    );
    expect(response.statusCode).toBe(200);
    const [order] = await t.database.db.select().from(orders).where(eq(orders.id, response.json().order.id));
    expect(order).toMatchObject({ renewsSubscriptionId: subscription.id, customerId: owner.customer.id, paymentMethod: 'card' });
  });

  it("answers 404 for another customer's subscription or when signed out", async () => {
    const { oneMonth } = await seededPackages(t.app);
    const owner = await registerCustomer(t.app);
    const other = await registerCustomer(t.app);
    const subscription = await subscriptionOf(owner.customer.id, oneMonth.id);
    const form = checkoutForm(oneMonth.id, { renewsSubscriptionId: subscription.id });
    for (const cookies of [other.cookies, {}]) {
      const response = await postCheckout(t.app, form, cookies);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: 'Subscription not found' });
    }
  });
});

describe('orders from one address', () => {
  const t = useTestApp();

  it('are limited to 60 in ten minutes, counting card and crypto orders together', async () => {
    const { oneMonth: paid } = await seededPackages(t.app);
    for (let i = 0; i < 59; i++) {
      const placed = await postCheckout(t.app, checkoutForm(paid.id, { email: `limit-${i}@example.com` }));
      expect(placed.statusCode).toBe(200);
    }
    const crypto = await t.app.inject({
      method: 'POST',
      url: '/api/create-crypto-payment',
      payload: { packageId: paid.id, customerData: { firstName: 'Ann', lastName: 'Lee', email: 'limit-crypto@example.com' }, paymentCurrency: 'usdc', deviceCount: '1', selectedGiftCard: 'Amazon' },
    });
    expect(crypto.statusCode).toBe(200);
    const refused = await postCheckout(t.app, checkoutForm(paid.id, { email: 'limit-over@example.com' }));
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(/^Too many orders from your network/);
  });
});
