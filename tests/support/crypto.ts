import type { App } from '../../src/server/app';
import type { Db } from '../../src/server/db/connect';
import { orders, processedEvents, purchaseNotifications } from '../../src/server/schema';
import { eq } from 'drizzle-orm';

/** Crypto checkout helpers for API tests. */

let buyers = 0;
/** POST /api/create-crypto-payment's body for a new buyer (a fresh email each call), one device. */
export function cryptoForm(packageId: string, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  buyers += 1;
  return {
    packageId,
    customerData: { firstName: 'Satoshi', lastName: 'Nakamoto', email: `satoshi${buyers}.${Date.now()}@example.com`, phone: '' },
    paymentCurrency: 'usdc',
    deviceCount: '1',
    couponCode: '',
    selectedGiftCard: 'Amazon',
    ...overrides,
  };
}

export function postCryptoPayment(app: App, form: Record<string, unknown>, cookies: Record<string, string> = {}) {
  return app.inject({ method: 'POST', url: '/api/create-crypto-payment', payload: form, cookies });
}

export function getCryptoStatus(app: App, paymentId: string) {
  return app.inject({ method: 'GET', url: `/api/crypto-payment/${paymentId}` });
}

export async function orderRow(db: Db, orderId: string) {
  const [row] = await db.select().from(orders).where(eq(orders.id, orderId));
  if (!row) throw new Error(`no order ${orderId}`);
  return row;
}

export async function notificationsOf(db: Db, orderId: string) {
  return db.select().from(purchaseNotifications).where(eq(purchaseNotifications.orderId, orderId));
}

export async function processedEventIds(db: Db): Promise<string[]> {
  return (await db.select({ id: processedEvents.id }).from(processedEvents)).map((row) => row.id);
}
