// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { formatCardNumber, formatCvc, formatExpiry } from '../../src/client/features/demo-card/card-format';
import { checkoutRequest, cryptoPaymentRequest, defaultFormValues } from '../../src/client/features/checkout/checkout-form';
import { checkoutFormSchema } from '../../src/client/features/checkout/checkout-validation';
import { cryptoOutcome } from '../../src/client/features/checkout/crypto-polling';
import { estimateOrder, placedOrderFigures } from '../../src/client/features/checkout/order-summary';
import { deviceOptionLabel } from '../../src/client/lib/device-options';
import {
  passwordSetupPath,
  paymentIntentIdOf,
  PENDING_ORDER_KEY,
  savePendingOrder,
  takePendingOrder,
} from '../../src/client/features/checkout/pending-order';
import type { CartItem } from '../../src/client/lib/cart-store';

const box: CartItem = { id: 'streaming-box', name: 'Streaming Box', duration: '6 Months', price: '149.99', cashback: '25.00', popular: false, features: [], quantity: 1 };

describe('the order summary figures', () => {
  it('adds $5.99 per extra device and takes the quoted discount off, never below zero', () => {
    expect(estimateOrder('39.99', 1, null)).toMatchObject({ packagePrice: 3999, deviceFee: 0, discount: 0, total: 3999, isFree: false });
    expect(estimateOrder('39.99', 4, null)).toMatchObject({ deviceFee: 1797, subtotal: 5796, total: 5796 });
    expect(estimateOrder('39.99', 2, { code: 'WELCOME10', description: '', discountAmount: '4.60' })).toMatchObject({ discount: 460, total: 4138 });
    expect(estimateOrder('15.99', 1, { code: 'BIG', description: '', discountAmount: '20.00' })).toMatchObject({ discount: 1599, total: 0, isFree: true });
    expect(estimateOrder('0.00', 1, null)).toMatchObject({ total: 0, isFree: true });
  });

  it('reads a placed order with the server figures, not the page ones', () => {
    const figures = placedOrderFigures({
      id: 'SP-1-1', packageId: 'x', paymentMethod: 'card', paymentStatus: 'pending', deviceCount: 3, couponCode: 'SAVE5',
      subtotalAmount: '51.97', couponDiscount: '5.00', totalAmount: '46.97', cashbackAmount: '15.00',
    });
    expect(figures).toEqual({ packagePrice: 3999, deviceFee: 1198, subtotal: 5197, discount: 500, total: 4697, isFree: false });
  });

  it('labels the device choices with the spec fees', () => {
    expect([1, 2, 3, 4].map((count) => deviceOptionLabel(count))).toEqual(['1 device (included)', '2 devices (+$5.99)', '3 devices (+$11.98)', '4 devices (+$17.97)']);
    expect(deviceOptionLabel(2, 'EUR')).toBe('2 devices (+€5.49)');
    expect(deviceOptionLabel(4, 'BRL')).toBe('4 devices (+R$89.97)');
  });
});

describe('the checkout form schema', () => {
  const valid = { ...defaultFormValues(box, null), firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com', selectedGiftCard: 'Amazon' };

  it("reports the spec's messages, the shipping one on the address, and asks a paid order for a gift card", () => {
    const result = checkoutFormSchema(true).safeParse({ ...valid, firstName: ' ', email: 'nope', selectedGiftCard: '' });
    const messages = Object.fromEntries(result.error!.issues.map((issue) => [issue.path.join('.'), issue.message]));
    expect(messages).toEqual({
      firstName: 'First name is required',
      email: 'Invalid email address',
      shippingAddress: 'Shipping information is required for streaming box orders',
      selectedGiftCard: 'Gift card selection is required',
    });
  });

  it('takes "Smith, Jr." and Dan "DJ" on the page as the server does, and still refuses an address in a name', () => {
    // The box in `valid` has no address yet: only the names' issues matter here.
    const nameIssues = (names: { firstName?: string; lastName?: string }) =>
      checkoutFormSchema(true)
        .safeParse({ ...valid, ...names })
        .error!.issues.filter((issue) => ['firstName', 'lastName'].includes(String(issue.path[0])))
        .map((issue) => [issue.path.join('.'), issue.message]);
    expect(nameIssues({ firstName: 'Dan "DJ"', lastName: 'Smith, Jr.' })).toEqual([]);
    expect(nameIssues({ lastName: 'bob@example.com' })[0]).toEqual(['lastName', 'Last name may contain only letters, spaces, apostrophes, hyphens, dots, commas and quotes']);
  });

  it('lets the free trial through without a gift card', () => {
    const trial = { ...defaultFormValues({ ...box, id: 'trial-36h', price: '0.00' }, null), firstName: 'A', lastName: 'B', email: 'a@b.co' };
    expect(checkoutFormSchema(false).safeParse(trial).success).toBe(true);
  });

  it('builds the checkout and crypto bodies with devices, coupon, gift card and shipping', () => {
    const order = checkoutFormSchema(true).parse({
      ...valid, deviceCount: '3', phone: '', shippingAddress: '1 Main St', shippingCity: 'Austin', shippingState: 'TX', shippingZip: '73301', shippingCountry: 'CA',
    });
    const body = checkoutRequest(order, { couponCode: 'SAVE5', currency: 'EUR' });
    expect(body).toMatchObject({ packageId: 'streaming-box', deviceCount: 3, couponCode: 'SAVE5', selectedGiftCard: 'Amazon', phone: null, shippingCountry: 'CA', renewsSubscriptionId: null, currency: 'EUR' });
    const crypto = cryptoPaymentRequest(order, { couponCode: null, renewsSubscriptionId: undefined, currency: 'BRL' });
    expect(crypto).toMatchObject({
      packageId: 'streaming-box',
      customerData: { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com', phone: null },
      paymentCurrency: 'usdc',
      deviceCount: 3,
      couponCode: null,
      selectedGiftCard: 'Amazon',
      shippingAddress: '1 Main St',
      currency: 'BRL',
    });
    expect(crypto).not.toHaveProperty('paymentMethod');
    expect(crypto).not.toHaveProperty('email');
  });

  it('carries "Renew automatically" with a card payment only', () => {
    const address = { shippingAddress: '1 Main St', shippingCity: 'Austin', shippingState: 'TX', shippingZip: '73301' };
    expect(defaultFormValues(box, null).autoRenew).toBe(false);
    const card = checkoutFormSchema(true).parse({ ...valid, ...address, autoRenew: true });
    expect(checkoutRequest(card, { couponCode: null, currency: 'USD' }).autoRenew).toBe(true);
    expect(cryptoPaymentRequest(card, { couponCode: null, currency: 'USD' })).not.toHaveProperty('autoRenew');
    const crypto = checkoutFormSchema(true).safeParse({ ...valid, ...address, paymentMethod: 'crypto', autoRenew: true });
    expect(crypto.error!.issues.map((issue) => issue.message)).toEqual(['Automatic renewal is only available when paying by card']);
  });

  it('starts from a renewal: its devices and gift card', () => {
    expect(defaultFormValues({ ...box, deviceCount: 3, selectedGiftCard: 'Uber' }, { firstName: 'Ada', email: 'a@b.co', phone: null })).toMatchObject({
      deviceCount: '3', selectedGiftCard: 'Uber', firstName: 'Ada', email: 'a@b.co', phone: '', shippingCountry: 'US',
    });
  });
});

describe('the card and crypto helpers', () => {
  afterEach(() => localStorage.clear());

  it('formats card fields as typed', () => {
    expect(formatCardNumber('4242424242424242')).toBe('4242 4242 4242 4242');
    expect(formatCardNumber('4242-42a')).toBe('4242 42');
    expect(formatExpiry('1234')).toBe('12/34');
    expect(formatExpiry('5')).toBe('05/');
    expect(formatExpiry('12')).toBe('12');
    expect(formatCvc('12a34 5')).toBe('1234');
  });

  it('takes the PaymentIntent id from the client secret', () => {
    expect(paymentIntentIdOf('pi_demo_abc123_secret_f00d')).toBe('pi_demo_abc123');
  });

  it('keeps the pending-order record until it is taken once', () => {
    savePendingOrder({ orderId: 'SP-1-2', email: 'a+b@example.com' });
    expect(JSON.parse(localStorage.getItem(PENDING_ORDER_KEY)!)).toEqual({ orderId: 'SP-1-2', email: 'a+b@example.com' });
    expect(takePendingOrder()).toEqual({ orderId: 'SP-1-2', email: 'a+b@example.com' });
    expect(takePendingOrder()).toBeNull();
    localStorage.setItem(PENDING_ORDER_KEY, '{broken');
    expect(takePendingOrder()).toBeNull();
    expect(passwordSetupPath({ orderId: 'SP-1-2', email: 'a+b@example.com' })).toBe('/password-setup?email=a%2Bb%40example.com&orderId=SP-1-2');
  });

  it('reads crypto statuses as the spec says', () => {
    expect(['finished', 'partially_paid'].map(cryptoOutcome)).toEqual(['completed', 'completed']);
    expect(['failed', 'expired'].map(cryptoOutcome)).toEqual(['failed', 'failed']);
    expect(['waiting', 'confirming', 'confirmed', 'sending', 'refunded'].map(cryptoOutcome)).toEqual(Array(5).fill('waiting'));
  });
});
