import { beforeEach, describe, expect, it } from 'vitest';
import { DEMO_CARD_DECLINED, DEMO_CARD_INSUFFICIENT_FUNDS, DEMO_CARD_SUCCESS } from '../../src/contract/checkout';
import { settableClock } from '../../src/server/lib/clock';
import { checkoutCardOrder, orderAction } from '../support/admin-order-actions';
import { signInAdmin } from '../support/admins';
import { seededPackages } from '../support/checkout';
import { cryptoForm, postCryptoPayment } from '../support/crypto';
import { placeTestOrder, registerCustomer, type SignedIn } from '../support/customers';
import { paidOrder } from '../support/paid-orders';
import { renewalOrdersOf, renewalSchedule, DAY } from '../support/renewal-charges';
import { buyWithAutoRenew } from '../support/saved-cards';
import { useTestApp, type TestApp } from '../support/test-app';

const billing = (t: TestApp, cookies?: { sid: string }) => t.app.inject({ method: 'GET', url: '/api/account/billing', ...(cookies ? { cookies } : {}) });
const receipt = (t: TestApp, orderId: string, cookies?: { sid: string }) =>
  t.app.inject({ method: 'GET', url: `/api/account/billing/${encodeURIComponent(orderId)}`, ...(cookies ? { cookies } : {}) });

/** A card order of the signed-in customer through the checkout, paid with a demo test card as the checkout page does. */
async function cardOrder(t: TestApp, buyer: SignedIn, overrides: Record<string, unknown> = {}, cardNumber = DEMO_CARD_SUCCESS) {
  const { orderId, intentId } = await checkoutCardOrder(t, { email: buyer.customer.email, ...overrides }, buyer.cookies);
  const paid = await t.app.inject({ method: 'POST', url: `/api/demo/payment-intents/${intentId}/confirm`, payload: { cardNumber, expiry: '12/39', cvc: '123' } });
  expect(paid.statusCode).toBe(cardNumber === DEMO_CARD_SUCCESS ? 200 : 402);
  await t.services.jobs.drain();
  return orderId;
}

describe('GET /api/account/billing', () => {
  const t = useTestApp();

  it('answers 401 without a session, for the list and for a receipt', async () => {
    const list = await billing(t);
    expect(list.statusCode).toBe(401);
    expect(list.json()).toEqual({ message: 'Not authenticated' });
    const one = await receipt(t, 'SP-1-000001');
    expect(one.statusCode).toBe(401);
    expect(one.json()).toEqual({ message: 'Not authenticated' });
  });

  it('shows a card payment paid, then partly refunded, then refunded, each refund with its date', async () => {
    const admin = await signInAdmin(t);
    const buyer = await registerCustomer(t.app);
    const orderId = await cardOrder(t, buyer);

    const paid = await billing(t, buyer.cookies);
    expect(paid.statusCode).toBe(200);
    expect(paid.headers['cache-control']).toBe('no-store');
    expect(paid.json()).toEqual([
      {
        orderId,
        createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        description: '1 Month Premium (1 Month)',
        amount: '15.99',
        currency: 'USD',
        paymentMethod: 'Card',
        purchase: { packageName: '1 Month Premium', packageDuration: '1 Month', renewal: false, deviceCount: 1, setTopBoxes: 0 },
        method: 'card',
        cardLast4: null,
        status: 'paid',
        refundedAmount: '0.00',
        refunds: [],
      },
    ]);

    expect((await orderAction(t, 'refund', orderId, admin, { amount: '5.00', note: 'One week unused' })).statusCode).toBe(200);
    const [partly] = (await billing(t, buyer.cookies)).json();
    expect(partly).toMatchObject({ orderId, status: 'partly_refunded', amount: '15.99', refundedAmount: '5.00' });
    expect(partly.refunds).toEqual([{ amount: '5.00', createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) }]);

    expect((await orderAction(t, 'refund', orderId, admin, {})).statusCode).toBe(200);
    const [refunded] = (await billing(t, buyer.cookies)).json();
    expect(refunded).toMatchObject({ orderId, status: 'refunded', amount: '15.99', refundedAmount: '15.99' });
    expect(refunded.refunds.map((refund: { amount: string }) => refund.amount)).toEqual(['5.00', '10.99']);
    expect(new Date(refunded.refunds[0].createdAt).getTime()).toBeLessThanOrEqual(new Date(refunded.refunds[1].createdAt).getTime());
  });

  it('shows a card the bank declined at checkout as failed, and lists neither unpaid nor free orders', async () => {
    const buyer = await registerCustomer(t.app);
    const declined = await cardOrder(t, buyer, {}, DEMO_CARD_DECLINED);
    await placeTestOrder(t.database.db, { email: buyer.customer.email }, { signedInCustomerId: buyer.customer.id, paymentStatus: 'pending' });
    await paidOrder(t, { packageId: 'trial-36h', customerId: buyer.customer.id, email: buyer.customer.email, paymentMethod: 'free' });

    expect((await billing(t, buyer.cookies)).json()).toEqual([
      expect.objectContaining({ orderId: declined, status: 'failed', amount: '15.99', paymentMethod: 'Card', refundedAmount: '0.00', refunds: [] }),
    ]);
  });

  it('names a crypto payment, newest first beside a card payment', async () => {
    const buyer = await registerCustomer(t.app);
    const byCard = await cardOrder(t, buyer);
    const created = await postCryptoPayment(t.app, cryptoForm((await seededPackages(t.app)).oneMonth.id, { customerData: { firstName: 'Ada', lastName: 'Lovelace', email: buyer.customer.email, phone: '' } }), buyer.cookies);
    expect(created.statusCode).toBe(200);
    const { orderId: byCrypto, paymentId } = created.json();
    const simulated = await t.app.inject({ method: 'POST', url: `/api/demo/crypto-payments/${paymentId}/simulate`, payload: { status: 'finished' } });
    expect(simulated.statusCode).toBe(200);

    const list = (await billing(t, buyer.cookies)).json();
    expect(list.map((payment: { orderId: string; paymentMethod: string; status: string }) => [payment.orderId, payment.paymentMethod, payment.status])).toEqual([
      [byCrypto, 'Crypto', 'paid'],
      [byCard, 'Card', 'paid'],
    ]);
  });

  it('shows a part-paid crypto order the store honoured by what arrived, part-paid, then refunded by that amount', async () => {
    const admin = await signInAdmin(t);
    const buyer = await registerCustomer(t.app);
    const form = cryptoForm((await seededPackages(t.app)).oneMonth.id, { customerData: { firstName: 'Ada', lastName: 'Lovelace', email: buyer.customer.email, phone: '' } });
    const { orderId, paymentId } = (await postCryptoPayment(t.app, form, buyer.cookies)).json();
    await t.app.inject({ method: 'POST', url: `/api/demo/crypto-payments/${paymentId}/simulate`, payload: { status: 'partially_paid' } });
    // Waiting for the store's review, it is no payment of the customer's yet.
    expect((await billing(t, buyer.cookies)).json()).toEqual([]);
    expect((await orderAction(t, 'honour', orderId, admin)).statusCode).toBe(200);
    await t.services.jobs.drain();

    // The admin's order reads "Received $7.99 of $15.99"; the customer paid $7.99, not the total.
    const [honoured] = (await billing(t, buyer.cookies)).json();
    expect(honoured).toMatchObject({ orderId, amount: '7.99', paymentMethod: 'Crypto', status: 'part_paid', refundedAmount: '0.00' });
    expect((await receipt(t, orderId, buyer.cookies)).json()).toMatchObject({
      amount: '7.99',
      orderTotal: '15.99',
      status: 'part_paid',
      lines: [{ description: '1 Month Premium (1 Month)', amount: '15.99' }],
    });

    expect((await orderAction(t, 'refund', orderId, admin, { amount: '2.00', note: 'Half a week' })).statusCode).toBe(200);
    expect((await billing(t, buyer.cookies)).json()[0]).toMatchObject({ amount: '7.99', status: 'partly_refunded', refundedAmount: '2.00' });
    expect((await orderAction(t, 'refund', orderId, admin, { note: 'Sent 5.99 USDC back' })).statusCode).toBe(200);
    expect((await billing(t, buyer.cookies)).json()[0]).toMatchObject({ amount: '7.99', status: 'refunded', refundedAmount: '7.99' });
  });

  it("gives a receipt's lines: the package, the extra devices and the coupon, adding up to the total", async () => {
    const buyer = await registerCustomer(t.app);
    const orderId = await cardOrder(t, buyer, { deviceCount: '2', couponCode: 'WELCOME10' });

    const answer = await receipt(t, orderId, buyer.cookies);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['cache-control']).toBe('no-store');
    expect(answer.json()).toMatchObject({
      orderId,
      description: '1 Month Premium (1 Month), 2 devices',
      amount: '19.78',
      currency: 'USD',
      status: 'paid',
      lines: [
        { description: '1 Month Premium (1 Month)', amount: '15.99', kind: 'package' },
        { description: '1 extra device', amount: '5.99', kind: 'extra_devices', count: 1 },
        { description: 'Coupon WELCOME10', amount: '-2.20', kind: 'coupon', code: 'WELCOME10' },
      ],
    });
  });

  it('answers a payment in EUR with its currency, each amount in it (decision 0104)', async () => {
    const buyer = await registerCustomer(t.app);
    const orderId = await cardOrder(t, buyer, { deviceCount: '2', currency: 'EUR' });
    expect((await billing(t, buyer.cookies)).json()).toEqual([expect.objectContaining({ orderId, amount: '20.48', currency: 'EUR', status: 'paid' })]);
    expect((await receipt(t, orderId, buyer.cookies)).json()).toMatchObject({
      currency: 'EUR',
      orderTotal: '20.48',
      lines: [
        { amount: '14.99', kind: 'package' },
        { amount: '5.49', kind: 'extra_devices', count: 1 },
      ],
    });
  });

  it("never shows one customer another's payments: the list leaves them out and their receipt is not found", async () => {
    const a = await registerCustomer(t.app);
    const b = await registerCustomer(t.app);
    const ofA = await cardOrder(t, a);
    // An order typed with A's address as a guest does not reach A's account either (decision 0005).
    const guest = await placeTestOrder(t.database.db, { email: a.customer.email });

    expect((await billing(t, a.cookies)).json().map((payment: { orderId: string }) => payment.orderId)).toEqual([ofA]);
    expect((await billing(t, b.cookies)).json()).toEqual([]);
    for (const orderId of [ofA, guest.id, 'SP-0-000000']) {
      const other = await receipt(t, orderId, b.cookies);
      expect(other.statusCode).toBe(404);
      expect(other.json()).toEqual({ message: 'Receipt not found' });
    }
    expect((await receipt(t, guest.id, a.cookies)).statusCode).toBe(404);
  });
});

describe('GET /api/account/billing with automatic renewals', () => {
  const START = '2027-01-05T09:00:00.000Z';
  const EXPIRY = new Date('2027-02-05T09:00:00.000Z').getTime();
  const clock = settableClock(START);
  const t = useTestApp({}, { clock });
  beforeEach(() => clock.set(START));

  it('lists a renewal charged to the saved card as paid, naming the card', async () => {
    const bought = await buyWithAutoRenew(t);
    clock.set(new Date(EXPIRY - 3 * DAY));
    expect(await renewalSchedule(t)).toEqual(['succeeded']);
    const [renewal] = await renewalOrdersOf(t, bought.subscriptionId);

    expect((await billing(t, bought.cookies!)).json()).toEqual([
      expect.objectContaining({ orderId: renewal!.id, description: 'Renewal: 1 Month Premium (1 Month)', amount: '15.99', paymentMethod: 'Card ending 4242', status: 'paid' }),
      expect.objectContaining({ orderId: bought.orderId, description: '1 Month Premium (1 Month)', status: 'paid' }),
    ]);
  });

  it('lists a renewal charge the bank declined to the end as failed, naming the card', async () => {
    const bought = await buyWithAutoRenew(t, { card: DEMO_CARD_INSUFFICIENT_FUNDS });
    for (const daysBefore of [3, 2, 0]) {
      clock.set(new Date(EXPIRY - daysBefore * DAY));
      await renewalSchedule(t);
    }
    const [renewal] = await renewalOrdersOf(t, bought.subscriptionId);
    expect(renewal!.paymentStatus).toBe('failed');

    const [failed] = (await billing(t, bought.cookies!)).json();
    expect(failed).toMatchObject({ orderId: renewal!.id, description: 'Renewal: 1 Month Premium (1 Month)', amount: '15.99', paymentMethod: 'Card ending 9995', status: 'failed', refunds: [] });
    expect((await receipt(t, renewal!.id, bought.cookies!)).json()).toMatchObject({ status: 'failed', lines: [{ description: '1 Month Premium (1 Month)', amount: '15.99' }] });
  });
});
