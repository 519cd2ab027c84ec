import { describe, expect, it } from 'vitest';
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

  it('has the demo card and crypto routes', async () => {
    const card = await t.app.inject({ method: 'POST', url: '/api/demo/payment-intents/pi_123/confirm', payload: demoCard });
    expect(card.json()).toEqual({ message: 'Payment not found' });
    const crypto = await t.app.inject({ method: 'POST', url: '/api/demo/crypto-payments/123/simulate', payload: { status: 'finished' } });
    expect(crypto.json()).toEqual({ message: 'Crypto payment not found' });
  });
});
