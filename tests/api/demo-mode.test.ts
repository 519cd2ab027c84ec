import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { listen } from '../../src/server/listen';
import { checkoutForm, postCheckout, seededPackages } from '../support/checkout';
import { orderRow, postCryptoPayment, cryptoForm } from '../support/crypto';
import { useTestApp } from '../support/test-app';

const PUBLIC_STORE = {
  PUBLIC_URL: 'https://shop.example.com',
  STRIPE_SECRET_KEY: 'sk_test_demo_mode',
  STRIPE_PUBLISHABLE_KEY: 'pk_test_demo_mode',
  STRIPE_WEBHOOK_SECRET: 'whsec_demo_mode',
  NOWPAYMENTS_API_KEY: 'np-key',
  NOWPAYMENTS_IPN_SECRET: 'np-secret',
};
const demoCard = { cardNumber: '4242 4242 4242 4242', expiry: '12/40', cvc: '123' };
/** Another machine's address (TEST-NET-1): the request is injected, no traffic leaves loopback. */
const ELSEWHERE = '192.0.2.2';
const DEMO_FROM_ELSEWHERE_MESSAGE =
  'Demo payments are taken only from the machine the store runs on, as its PUBLIC_URL is a local address. Set DEMO_MODE=true to take them from other machines.';

describe('a public store with real payment providers', () => {
  const t = useTestApp(PUBLIC_STORE);

  it('has no /api/demo routes', async () => {
    const card = await t.app.inject({ method: 'POST', url: '/api/demo/payment-intents/pi_123/confirm', payload: demoCard });
    expect(card.statusCode).toBe(404);
    expect(card.json()).toEqual({ message: 'Not found: POST /api/demo/payment-intents/pi_123/confirm' });
    const crypto = await t.app.inject({ method: 'POST', url: '/api/demo/crypto-payments/123/simulate', payload: { status: 'finished' } });
    expect(crypto.statusCode).toBe(404);
    expect(crypto.json()).toEqual({ message: 'Not found: POST /api/demo/crypto-payments/123/simulate' });
    const config = await t.app.inject({ method: 'GET', url: '/api/config' });
    expect(config.json()).toEqual({ cardProvider: 'stripe', stripePublishableKey: 'pk_test_demo_mode', cryptoProvider: 'nowpayments' });
  });
});

describe('a public store with DEMO_MODE=true', () => {
  const t = useTestApp({ PUBLIC_URL: 'https://shop.example.com', DEMO_MODE: 'true' });

  it('has the demo card and crypto routes, for buyers anywhere', async () => {
    const card = await t.app.inject({ method: 'POST', url: '/api/demo/payment-intents/pi_123/confirm', payload: demoCard, remoteAddress: ELSEWHERE });
    expect(card.json()).toEqual({ message: 'Payment not found' });
    const crypto = await t.app.inject({ method: 'POST', url: '/api/demo/crypto-payments/123/simulate', payload: { status: 'finished' }, remoteAddress: ELSEWHERE });
    expect(crypto.json()).toEqual({ message: 'Crypto payment not found' });
  });
});

describe('a store whose demo payments run because PUBLIC_URL is a loopback address', () => {
  const t = useTestApp({ PUBLIC_URL: 'http://127.0.0.1:5501', PORT: '0' });

  /** A card order checked out from this machine, and its demo PaymentIntent. */
  async function cardOrder() {
    const { oneMonth } = await seededPackages(t.app);
    const checkout = await postCheckout(t.app, checkoutForm(oneMonth.id));
    expect(checkout.statusCode).toBe(200);
    const { order, clientSecret } = checkout.json<{ order: { id: string }; clientSecret: string }>();
    return { orderId: order.id, intentId: clientSecret.split('_secret_')[0]! };
  }
  const confirmFrom = (remoteAddress: string, intentId: string) =>
    t.app.inject({ method: 'POST', url: `/api/demo/payment-intents/${intentId}/confirm`, payload: demoCard, remoteAddress });

  it('listens on that loopback address only, unless HOST names another', async () => {
    await listen(t.app, t.config);
    expect((t.app.server.address() as AddressInfo).address).toBe('127.0.0.1');

    const elsewhere = Fastify();
    try {
      await listen(elsewhere, { ...t.config, HOST: '127.0.0.2' });
      expect((elsewhere.server.address() as AddressInfo).address).toBe('127.0.0.2');
    } finally {
      await elsewhere.close();
    }
  });

  it('refuses the demo card from another machine with 403, and the order stays unpaid', async () => {
    const { orderId, intentId } = await cardOrder();
    const refused = await confirmFrom(ELSEWHERE, intentId);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: DEMO_FROM_ELSEWHERE_MESSAGE });
    expect((await orderRow(t.database.db, orderId)).paymentStatus).toBe('pending');
    expect((await t.services.cardPayments.retrieve(intentId))?.status).toBe('requires_payment_method');

    // The same card from this machine pays, over IPv4, IPv6 or IPv4 written as IPv6.
    expect((await confirmFrom('127.0.0.1', intentId)).statusCode).toBe(200);
    expect((await orderRow(t.database.db, orderId)).paymentStatus).toBe('completed');
    for (const address of ['::1', '::ffff:127.0.0.1']) {
      const next = await cardOrder();
      expect((await confirmFrom(address, next.intentId)).statusCode, address).toBe(200);
    }
  });

  it('refuses the demo crypto simulator from another machine with 403, and the order stays unpaid', async () => {
    const { oneMonth } = await seededPackages(t.app);
    const created = await postCryptoPayment(t.app, cryptoForm(oneMonth.id));
    expect(created.statusCode).toBe(200);
    const { paymentId, orderId } = created.json<{ paymentId: string; orderId: string }>();
    const simulate = (remoteAddress: string) =>
      t.app.inject({ method: 'POST', url: `/api/demo/crypto-payments/${paymentId}/simulate`, payload: { status: 'finished' }, remoteAddress });

    const refused = await simulate(ELSEWHERE);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: DEMO_FROM_ELSEWHERE_MESSAGE });
    expect((await orderRow(t.database.db, orderId)).paymentStatus).toBe('pending');

    expect((await simulate('::1')).statusCode).toBe(200);
    expect((await orderRow(t.database.db, orderId)).paymentStatus).toBe('completed');
  });
});
