import { eq, sql } from 'drizzle-orm';
import type { CurrencyCode } from '../../src/domain/currencies';
import { orders, subscriptions } from '../../src/server/schema';
import { resolveOrderCustomer } from '../../src/server/features/accounts/customers';
import { seededPackages } from './checkout';
import { registerCustomer } from './customers';
import type { TestApp } from './test-app';

/** Orders as the checkout stores them, paid the way the checkout completes them. */

const shipping = {
  shippingAddress: '1 Infinite Loop',
  shippingCity: 'Cupertino',
  shippingState: 'CA',
  shippingZip: '95014',
  shippingCountry: 'US',
};

let counter = 0;

export interface TestOrderOptions {
  packageId: string;
  devices?: number;
  /** The signed-in buyer; else a guest row for `email`. */
  customerId?: string;
  email?: string;
  renewsSubscriptionId?: string;
  paymentMethod?: 'card' | 'crypto' | 'free';
  totalAmount?: string;
  giftCard?: string | null;
  cashbackAmount?: string;
  /** The currency its amounts are in (USD when not given, as the column's default). */
  currency?: CurrencyCode;
}

/** Stores a pending order, like POST /api/checkout does. */
export async function pendingOrder(t: TestApp, options: TestOrderOptions) {
  counter += 1;
  const email = options.email ?? `buyer${counter}.${Date.now()}@example.com`;
  const { customerId } = await resolveOrderCustomer(t.database.db, { email, firstName: 'Grace', lastName: 'Hopper' }, options.customerId);
  const box = options.packageId === 'streaming-box';
  const total = options.totalAmount ?? (options.paymentMethod === 'free' ? '0.00' : '27.97');
  const [order] = await t.database.db
    .insert(orders)
    .values({
      id: `SP-${Date.now()}-${String(100000 + counter).slice(-6)}`,
      customerId,
      customerName: 'Grace Hopper',
      customerEmail: email,
      packageId: options.packageId,
      selectedGiftCard: options.giftCard === undefined ? 'Amazon' : options.giftCard,
      paymentMethod: options.paymentMethod ?? 'card',
      deviceCount: String(options.devices ?? 1),
      subtotalAmount: total,
      totalAmount: total,
      cashbackAmount: options.cashbackAmount ?? (options.paymentMethod === 'free' ? '0.00' : '10.00'),
      requiresShipping: box,
      ...(box ? shipping : {}),
      renewsSubscriptionId: options.renewsSubscriptionId ?? null,
      ...(options.currency ? { currency: options.currency } : {}),
    })
    .returning();
  return order!;
}

/** A payment of the order's own method, as its provider would confirm it. */
function evidenceFor(order: { id: string; paymentMethod: 'card' | 'crypto' | 'free' }) {
  if (order.paymentMethod === 'free') return { method: 'free' as const };
  if (order.paymentMethod === 'crypto') return { method: 'crypto' as const, paymentId: `np_test_${order.id}` };
  return { method: 'card' as const, paymentIntentId: `pi_test_${order.id}` };
}

/** A pending order completed through the paid-order workflow, which starts its jobs. */
export async function paidOrder(t: TestApp, options: TestOrderOptions) {
  const order = await pendingOrder(t, options);
  const failLoudly = {
    error(details: object, message: string) {
      throw new Error(`${message}: ${String((details as { err?: unknown }).err)}`);
    },
    warn(details: object, message: string) {
      throw new Error(`${message}: ${String((details as { reason?: unknown }).reason)}`);
    },
  };
  const result = await t.services.paidOrder.completeOrder(order.id, evidenceFor(order), failLoudly);
  if (result.outcome !== 'completed') throw new Error(`order ${order.id} did not complete: ${result.outcome}`);
  return result.order;
}

/** A paid order whose jobs were never sent: the process stopped right after the payment's commit. */
export async function orderPaidWithoutJobs(t: TestApp, options: TestOrderOptions, paidAgoMs: number) {
  const order = await pendingOrder(t, options);
  await t.database.db
    .update(orders)
    .set({ paymentStatus: 'completed', paidAt: sql`now() - make_interval(secs => ${paidAgoMs / 1000})` })
    .where(eq(orders.id, order.id));
  return order;
}

/** A signed-in customer with a paid, provisioned 1-month subscription. */
export async function paidSubscriber(t: TestApp) {
  const signedIn = await registerCustomer(t.app);
  const { oneMonth } = await seededPackages(t.app);
  const order = await paidOrder(t, { packageId: oneMonth.id, customerId: signedIn.customer.id, email: signedIn.customer.email });
  await t.services.jobs.drain();
  const [subscription] = await t.database.db.select().from(subscriptions).where(eq(subscriptions.orderId, order.id));
  return { ...signedIn, order, subscription: subscription! };
}

/**
 * Moves an order, paid or not, to another currency, as the checkout of another price list
 * would have written it: the figures' triggers move its money to that currency's rows.
 */
export async function setOrderCurrency(t: TestApp, orderId: string, currency: CurrencyCode) {
  await t.database.db.update(orders).set({ currency }).where(eq(orders.id, orderId));
}
