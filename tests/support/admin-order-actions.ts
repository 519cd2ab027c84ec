import { eq } from 'drizzle-orm';
import { auditLog, deviceCredentials, orders, subscriptions } from '../../src/server/schema';
import { checkoutForm, intentIdOf, postCheckout, seededPackages } from './checkout';
import type { StripeStandIn } from './stripe-stand-in';
import type { TestApp } from './test-app';

/** The admin's actions on one order, as the admin pages call them. */
export function orderAction(t: TestApp, verb: 'refund' | 'honour' | 'retry-provisioning', orderId: string, cookies?: { asid: string }, payload?: object) {
  return t.app.inject({
    method: 'POST',
    url: `/api/admin/orders/${encodeURIComponent(orderId)}/${verb}`,
    ...(payload ? { payload } : {}),
    ...(cookies ? { cookies } : {}),
  });
}

export const orderRow = async (t: TestApp, orderId: string) => (await t.database.db.select().from(orders).where(eq(orders.id, orderId)))[0]!;

export const auditOf = (t: TestApp, orderId: string) => t.database.db.select().from(auditLog).where(eq(auditLog.targetId, orderId));

/** The subscription an order created, with its credentials by device number; null before provisioning. */
export async function serviceOf(t: TestApp, orderId: string) {
  const [subscription] = await t.database.db.select().from(subscriptions).where(eq(subscriptions.orderId, orderId));
  if (!subscription) return null;
  const credentials = await t.database.db.select().from(deviceCredentials).where(eq(deviceCredentials.subscriptionId, subscription.id));
  return { subscription, credentials: credentials.sort((a, b) => a.deviceNumber - b.deviceNumber) };
}

/** A one-month card order through the checkout, as the given browser session; returns its id and PaymentIntent id. */
export async function checkoutCardOrder(t: TestApp, overrides: Record<string, unknown> = {}, cookies: Record<string, string> = {}) {
  const { oneMonth } = await seededPackages(t.app);
  const response = await postCheckout(t.app, checkoutForm(oneMonth.id, overrides), cookies);
  if (response.statusCode !== 200) throw new Error(`checkout failed: ${response.statusCode} ${response.body}`);
  const { order, clientSecret } = response.json();
  return { orderId: order.id as string, intentId: intentIdOf(clientSecret) };
}

/** A card order through the checkout, paid at the Stripe stand-in and told by the browser, provisioned. */
export async function paidStripeOrder(t: TestApp, stripe: StripeStandIn) {
  const { orderId, intentId } = await checkoutCardOrder(t);
  stripe.settle(intentId, 'succeeded');
  const paid = await t.app.inject({ method: 'POST', url: '/api/webhook/payment-success', payload: { orderId, paymentIntentId: intentId } });
  if (paid.statusCode !== 200) throw new Error(`payment-success failed: ${paid.statusCode} ${paid.body}`);
  await t.services.jobs.drain();
  return { orderId, intentId };
}

/** The stand-in's refund calls for one PaymentIntent, and the refunds it made. */
export const stripeRefunds = (stripe: StripeStandIn, intentId: string) => ({
  requests: stripe.requests.filter((r) => r.method === 'POST' && r.path === '/v1/refunds' && r.form.payment_intent === intentId),
  made: [...stripe.refunds.values()].filter((refund) => refund.payment_intent === intentId),
});
