import type { LightMyRequestResponse } from 'fastify';
import type { App } from '../../src/server/app';

/** Checkout helpers for API tests: the seeded catalog's ids and a checkout form as the page sends it. */

export interface SeededPackages {
  oneMonth: { id: string; price: string; cashback: string };
  twelveMonths: { id: string; price: string; cashback: string };
  trial: { id: string };
  box: { id: string; price: string; cashback: string };
}

export async function seededPackages(app: App): Promise<SeededPackages> {
  const list = (await app.inject({ method: 'GET', url: '/api/packages' })).json<Array<{ id: string; duration: string; price: string; cashback: string }>>();
  const byDuration = (duration: string) => list.find((p) => p.duration === duration && p.id !== 'streaming-box')!;
  return {
    oneMonth: byDuration('1 Month'),
    twelveMonths: byDuration('12 Months'),
    trial: { id: 'trial-36h' },
    box: list.find((p) => p.id === 'streaming-box')!,
  };
}

let buyers = 0;
/** A checkout form for a new buyer (a fresh email each call), paid by card with one device. */
export function checkoutForm(packageId: string, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  buyers += 1;
  return {
    firstName: 'Grace',
    lastName: 'Hopper',
    email: `grace${buyers}.${Date.now()}@example.com`,
    phone: '',
    packageId,
    paymentMethod: 'card',
    deviceCount: '1',
    couponCode: '',
    selectedGiftCard: 'Amazon',
    ...overrides,
  };
}

export const shippingFields = {
  shippingAddress: '1 Infinite Loop',
  shippingCity: 'Cupertino',
  shippingState: 'CA',
  shippingZip: '95014',
  shippingCountry: 'US',
};

/** The bid cookie the answer set, to send back as the same browser. */
export function browserCookieOf(response: LightMyRequestResponse): { bid: string } {
  const bid = response.cookies.find((cookie) => cookie.name === 'bid');
  if (!bid?.value) throw new Error(`no bid cookie in the answer (${response.statusCode} ${response.body})`);
  return { bid: bid.value };
}

export function postCheckout(app: App, form: Record<string, unknown>, cookies: Record<string, string> = {}) {
  return app.inject({ method: 'POST', url: '/api/checkout', payload: form, cookies });
}

/** The PaymentIntent id the page reads from a client secret: the part before '_secret_'. */
export const intentIdOf = (clientSecret: string) => clientSecret.split('_secret_')[0]!;
