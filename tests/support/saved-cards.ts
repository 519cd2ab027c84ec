import { eq } from 'drizzle-orm';
import { DEMO_CARD_SUCCESS } from '../../src/contract/checkout';
import type { App } from '../../src/server/app';
import type { Database } from '../../src/server/db/connect';
import type { Services } from '../../src/server/services';
import { subscriptions } from '../../src/server/schema';
import { checkoutForm, intentIdOf, seededPackages } from './checkout';
import { registerCustomer } from './customers';
import { postStripeEvent, type StripeStandIn } from './stripe-stand-in';

/** Purchases with "Renew automatically" (decision 0044), paid with a demo test card, as API tests need them. */

export interface AutoRenewPurchaseOptions {
  /** The demo card that pays and is saved: DEMO_CARD_SUCCESS (default), DEMO_CARD_AUTHENTICATION_REQUIRED or DEMO_CARD_INSUFFICIENT_FUNDS. */
  card?: string;
  /** Buy as a guest (no account, no session); a newly registered, signed-in customer otherwise. */
  guest?: boolean;
  /** A guest's email; a fresh one when absent. */
  email?: string;
  /** The package bought; 1 Month Premium when absent. */
  packageId?: string;
  devices?: number;
  /** More checkout fields (a box's shipping address). */
  fields?: Record<string, unknown>;
}

export interface AutoRenewPurchase {
  orderId: string;
  subscriptionId: string;
  customerId: string;
  email: string;
  /** The buyer's session, to pass as `cookies` to app.inject; null for a guest. */
  cookies: { sid: string } | null;
}

let purchases = 0;

/**
 * Buys a paid subscription through POST /api/checkout with `autoRenew: true`, pays it with
 * the demo card network as the checkout page does, and runs the paid order's jobs, so the
 * subscription exists with its saved card and auto_renew on.
 */
export async function buyWithAutoRenew(
  { app, services, database }: { app: App; services: Pick<Services, 'jobs'>; database: Pick<Database, 'db'> },
  options: AutoRenewPurchaseOptions = {},
): Promise<AutoRenewPurchase> {
  purchases += 1;
  // Each purchase from its own loopback address: many in one file stay under the per-address limits.
  const headers = { 'x-forwarded-for': `127.0.${Math.floor(purchases / 250) % 250}.${(purchases % 250) + 1}` };
  const buyer = options.guest ? null : await registerCustomer(app);
  const packageId = options.packageId ?? (await seededPackages(app)).oneMonth.id;
  const form = checkoutForm(packageId, {
    autoRenew: true,
    deviceCount: String(options.devices ?? 1),
    ...(buyer ? { email: buyer.customer.email, firstName: buyer.customer.firstName } : {}),
    ...(!buyer && options.email ? { email: options.email } : {}),
    ...options.fields,
  });
  const placed = await app.inject({ method: 'POST', url: '/api/checkout', payload: form, cookies: buyer?.cookies ?? {}, headers });
  if (placed.statusCode !== 200) throw new Error(`checkout with autoRenew failed: ${placed.statusCode} ${placed.body}`);
  const { order, clientSecret } = placed.json<{ order: { id: string }; clientSecret: string }>();
  const paid = await app.inject({
    method: 'POST',
    url: `/api/demo/payment-intents/${intentIdOf(clientSecret)}/confirm`,
    payload: { cardNumber: options.card ?? DEMO_CARD_SUCCESS, expiry: '12/34', cvc: '123' },
    headers,
  });
  if (paid.statusCode !== 200) throw new Error(`demo payment failed: ${paid.statusCode} ${paid.body}`);
  await services.jobs.drain();
  const [subscription] = await database.db
    .select({ id: subscriptions.id, customerId: subscriptions.customerId, savedCardId: subscriptions.savedCardId })
    .from(subscriptions)
    .where(eq(subscriptions.orderId, order.id));
  if (!subscription?.savedCardId) throw new Error(`order ${order.id} has no subscription with a saved card after its jobs ran`);
  return { orderId: order.id, subscriptionId: subscription.id, customerId: subscription.customerId, email: String(form.email), cookies: buyer?.cookies ?? null };
}

/**
 * The same purchase on Stripe (a local stand-in of its API): a signed-in buyer's card checkout
 * with "Renew automatically", paid through Stripe.js and told by the signed webhook.
 */
export async function buyWithAutoRenewOnStripe(
  { app, services, database }: { app: App; services: Pick<Services, 'jobs'>; database: Pick<Database, 'db'> },
  stripe: Pick<StripeStandIn, 'payWithCard' | 'event'>,
  cardNumber: string,
  /** More of the checkout form: a currency, a device count. */
  formOverrides: Record<string, unknown> = {},
): Promise<{ orderId: string; subscriptionId: string; email: string; cookies: { sid: string } }> {
  const buyer = await registerCustomer(app);
  const { oneMonth } = await seededPackages(app);
  const form = checkoutForm(oneMonth.id, { email: buyer.customer.email, autoRenew: true, ...formOverrides });
  const placed = await app.inject({ method: 'POST', url: '/api/checkout', payload: form, cookies: buyer.cookies });
  if (placed.statusCode !== 200) throw new Error(`checkout with autoRenew failed: ${placed.statusCode} ${placed.body}`);
  const { order, clientSecret } = placed.json<{ order: { id: string }; clientSecret: string }>();
  const told = await postStripeEvent(app, stripe.event('payment_intent.succeeded', stripe.payWithCard(intentIdOf(clientSecret), cardNumber)));
  if (told.statusCode !== 200) throw new Error(`Stripe's webhook was refused: ${told.statusCode} ${told.body}`);
  await services.jobs.drain();
  const [subscription] = await database.db.select({ id: subscriptions.id }).from(subscriptions).where(eq(subscriptions.orderId, order.id));
  if (!subscription) throw new Error(`order ${order.id} has no subscription after its jobs ran`);
  return { orderId: order.id, subscriptionId: subscription.id, email: buyer.customer.email, cookies: buyer.cookies };
}
