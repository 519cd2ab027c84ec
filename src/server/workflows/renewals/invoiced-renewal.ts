import { eq } from 'drizzle-orm';
import type { CryptoInvoice } from '#contract/crypto';
import { formatMoney, parseMoney } from '#domain/money';
import { renewedExpiry } from '#domain/subscription-status';
import type { Db } from '#server/db/connect';
import { packagesForReading as packages } from '#server/features/catalog/index';
import type { OrderRow } from '#server/features/orders/index';
import { subscriptionsForReading as subscriptions } from '#server/features/subscriptions/index';
import type { RenewalInvoiceRow } from '#server/features/renewals/index';

/**
 * What a crypto renewal invoice renews, as its page says it (decision 0075): the order's
 * package, its total in its currency, and the expiry paying it gives, moved by renewedExpiry as
 * the provisioning of a renewal moves it. A renewal already applied was applied when its
 * order was fulfilled, from the expiry the invoice was opened for; one not yet applied would
 * be applied now, from the subscription's expiry as it stands.
 */
export async function invoicedRenewal(
  db: Db,
  invoice: RenewalInvoiceRow,
  order: OrderRow,
  { now, zoneOf }: { now: Date; zoneOf: (customerId: string) => Promise<string> },
): Promise<CryptoInvoice['renewal'] | null> {
  const [pkg] = await db
    .select({ name: packages.name, unit: packages.durationUnit, value: packages.durationValue })
    .from(packages)
    .where(eq(packages.id, order.packageId));
  const [subscription] = await db.select({ expirationDate: subscriptions.expirationDate, customerId: subscriptions.customerId }).from(subscriptions).where(eq(subscriptions.id, invoice.subscriptionId));
  if (!pkg || !subscription) return null;
  const renewsUntil = order.fulfilledAt ? renewedExpiry(invoice.periodEnd, order.fulfilledAt, pkg) : renewedExpiry(subscription.expirationDate, now, pkg);
  return { packageName: pkg.name, amount: formatMoney(parseMoney(order.totalAmount)), currency: order.currency, renewsUntil: renewsUntil.toISOString(), timeZone: await zoneOf(subscription.customerId) };
}
