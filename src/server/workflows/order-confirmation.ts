import { eq, sql } from 'drizzle-orm';
import { DEFAULT_CURRENCY } from '#domain/currencies';
import { parseMoney } from '#domain/money';
import { renewalChargeAt, renewalChargeCents } from '#domain/renewal';
import { isAutomaticRenewalKey } from '#domain/renewal-charges';
import { addDuration, subtractDuration } from '#domain/subscription-status';
import type { Db, DbOrTx } from '#server/db/connect';
import { prebuilt } from '#server/db/prebuilt';
import type { Clock } from '#server/lib/clock';
import { packagesForReading as packages } from '#server/features/catalog/index';
import { orderConfirmationMail, paidWithOf, type ConfirmationDetails, type Mail, type PaidWith, type RenewalReceipt } from '#server/features/mail/index';
import { localeOr } from '#server/lib/i18n/index';
import { orderConfirmationClaim, ordersForReading as orders, type OrderRow } from '#server/features/orders/index';
import { renewalCentsIn, renewalPrices, subscriptionsForReading as subscriptions, type SavedCardSummaries } from '#server/features/subscriptions/index';
import { renewingPackage } from './renewals/renewal-order';

/**
 * The order confirmation (decision 0028: written once, with its claim on the order), moved
 * here from the subscriptions feature (decision 0084): it reads the order, its package and
 * its subscription, which three features own, and the mail feature writes its words.
 */

/** The zone a customer's emails are written in: their own, or the store's until it is known (decision 0074). */
export type ZoneOf = (tx: DbOrTx, customerId: string | null) => Promise<string>;

/**
 * The order confirmation's facts from the order row (decision 0028: written once, with its
 * claim on the order): a purchase's, or a renewal's receipt with its period (decision 0075).
 */
export function confirmationOf(
  order: OrderRow,
  pkg: { name: string; duration: string },
  timeZone: string,
  { autoRenewal = null, renewal = null, trialEndsAt = null }: Pick<Partial<ConfirmationDetails>, 'autoRenewal' | 'renewal' | 'trialEndsAt'> = {},
): ConfirmationDetails {
  return {
    orderId: order.id,
    to: order.customerEmail,
    customerName: order.customerName,
    packageName: pkg.name,
    packageDuration: pkg.duration,
    deviceCount: Number(order.deviceCount),
    paymentMethod: order.paymentMethod,
    totalAmount: order.totalAmount,
    couponCode: order.couponCode,
    couponDiscount: order.couponDiscount,
    giftCard: order.selectedGiftCard,
    cashbackAmount: order.cashbackAmount,
    isRenewal: order.renewsSubscriptionId !== null,
    shipsTo: order.requiresShipping ? order.shippingCountry : null,
    autoRenewal,
    renewal,
    trialEndsAt,
    timeZone,
    // Written in the order's language and currency (decision 0107).
    locale: localeOr(order.locale),
    currency: order.currency,
  };
}

/** What each automatic renewal of a purchase charges: today's renewal price (null when nothing renews it) with the device fee. */
export const autoRenewalOf = (renewalPrice: string | null, deviceCount: number) =>
  renewalPrice === null ? null : { amountCents: renewalChargeCents(parseMoney(renewalPrice), deviceCount) };

/**
 * The card an automatic renewal charged (its last digits): the subscription's saved card,
 * which the renewal charge used (decision 0045); a renewal bought by hand names its method.
 */
export async function paidWithOfRenewal(order: OrderRow, savedCardId: string | null, savedCards: SavedCardSummaries | undefined): Promise<PaidWith> {
  if (!isAutomaticRenewalKey(order.checkoutKey) || !savedCardId || !savedCards) return paidWithOf(order.paymentMethod);
  const card = (await savedCards([savedCardId])).get(savedCardId);
  return card ? { cardLast4: card.last4 } : paidWithOf(order.paymentMethod);
}

/** A renewal's receipt facts: the period, the payment, and the next charge when the subscription renews itself. */
export function renewalReceiptOf(period: { from: Date; until: Date }, paidWith: PaidWith, renewsItself: boolean): RenewalReceipt {
  return { ...period, paidWith, nextChargeOn: renewsItself ? renewalChargeAt(period.until) : null };
}

/**
 * Writes a renewal's receipt in the transaction that applied it, claimed on the order as every
 * confirmation is. Its key is a renewal's, so a linked Telegram chat gets it too (decision 0103);
 * the claim, not the key, keeps a receipt written before under order-confirmation: from a second copy.
 */
export async function queueRenewalReceipt(
  tx: DbOrTx,
  mail: Pick<Mail, 'queue'>,
  publicUrl: string,
  order: OrderRow,
  pkg: { name: string; duration: string },
  receipt: RenewalReceipt,
  timeZone: string,
): Promise<boolean> {
  const message = orderConfirmationMail(confirmationOf(order, pkg, timeZone, { renewal: receipt }), publicUrl);
  return mail.queue(tx, message, { key: `renewal-receipt:${order.id}`, when: orderConfirmationClaim(tx, order.id) });
}

export interface OrderConfirmationDeps {
  db: Db;
  mail: Pick<Mail, 'queue'>;
  clock: Clock;
  publicUrl: string;
  storeTimeZone: string;
  savedCards: SavedCardSummaries | undefined;
  zoneOf: ZoneOf;
}

// Read for every confirmation: built once (docs/decisions/0039).
const orderWithPackageName = prebuilt((db) =>
  db
    .select({
      order: orders,
      pkg: { name: packages.name, duration: packages.duration, price: packages.price, requiresShipping: packages.requiresShipping, unit: packages.durationUnit, value: packages.durationValue },
    })
    .from(orders)
    .leftJoin(packages, eq(packages.id, orders.packageId))
    .where(eq(orders.id, sql.placeholder('orderId')))
    .limit(1),
);

export function createOrderConfirmation({ db, mail, clock, publicUrl, storeTimeZone, savedCards, zoneOf }: OrderConfirmationDeps) {
  /** The trial's end: its subscription's expiry, or, before provisioning wrote it, what provisioning will write. */
  async function trialEnd(order: OrderRow, pkg: { unit: 'hours' | 'months'; value: number }): Promise<Date> {
    const [subscription] = await db.select({ expirationDate: subscriptions.expirationDate }).from(subscriptions).where(eq(subscriptions.orderId, order.id));
    return subscription?.expirationDate ?? addDuration(order.paidAt ?? clock.now(), pkg);
  }

  /**
   * What each automatic renewal of the purchase charges, in the order's currency at that
   * currency's price list, as the renewal charge will place it (decision 0104).
   */
  async function autoRenewalIn(order: OrderRow, pkg: { price: string; requiresShipping: boolean; duration: string }) {
    if (order.currency === DEFAULT_CURRENCY) {
      const [renewalPrice = null] = await renewalPrices(db, [{ ...pkg, id: order.packageId }]);
      return autoRenewalOf(renewalPrice, Number(order.deviceCount));
    }
    const { renewing } = await renewingPackage(db, order.packageId);
    const cents = renewing && (await renewalCentsIn(db, renewing, Number(order.deviceCount), order.currency));
    return cents === null ? null : { amountCents: cents };
  }

  /**
   * A renewal's receipt is written by the provisioning that applies it, which knows the period
   * it paid for (decision 0075): nothing to do before then. One applied without its receipt
   * (before that was so) gets it here, its period counted back from the expiry.
   */
  async function sendRenewalReceipt(order: OrderRow, pkg: { name: string; duration: string; unit: 'hours' | 'months'; value: number }, subscriptionId: string): Promise<boolean> {
    if (!order.fulfilledAt || order.confirmationSentAt) return false;
    const [subscription] = await db
      .select({ expirationDate: subscriptions.expirationDate, autoRenew: subscriptions.autoRenew, savedCardId: subscriptions.savedCardId })
      .from(subscriptions)
      .where(eq(subscriptions.id, subscriptionId));
    if (!subscription) throw new Error(`Order ${order.id} renews subscription ${subscriptionId}, which does not exist`);
    const until = subscription.expirationDate;
    const period = { from: subtractDuration(until, pkg), until };
    const paidWith = await paidWithOfRenewal(order, subscription.savedCardId, savedCards);
    return queueRenewalReceipt(db, mail, publicUrl, order, pkg, renewalReceiptOf(period, paidWith, subscription.autoRenew && subscription.savedCardId !== null), await zoneOf(db, order.customerId));
  }

  /**
   * Writes the order confirmation once, with its claim on the order in one statement
   * (docs/decisions/0028). Throws (to be retried) while the order is unpaid.
   */
  async function sendOrderConfirmation(orderId: string): Promise<boolean> {
    // The order with its package's name and duration: one read (docs/decisions/0023).
    const [found] = await orderWithPackageName(db, { orderId });
    const { order, pkg } = found ?? {};
    // A refund before the mail went out ends its job: the buyer is not told of a purchase undone (decision 0021).
    if (!order || order.paymentStatus === 'refunded') return false;
    if (order.paymentStatus !== 'completed') throw new Error(`Order ${orderId} is not paid (payment status ${order.paymentStatus})`);
    if (!pkg) throw new Error(`Order ${orderId} is for an unknown package ${order.packageId}`);
    if (order.renewsSubscriptionId) return sendRenewalReceipt(order, pkg, order.renewsSubscriptionId);
    const autoRenewal = order.autoRenew ? await autoRenewalIn(order, pkg) : null;
    const trialEndsAt = pkg.unit === 'hours' ? await trialEnd(order, pkg) : null;
    // Only a trial's confirmation writes a date: a purchase's reads no zone, and its background work keeps its statement count.
    const timeZone = trialEndsAt ? await zoneOf(db, order.customerId) : storeTimeZone;
    const message = orderConfirmationMail(confirmationOf(order, pkg, timeZone, { autoRenewal, trialEndsAt }), publicUrl);
    return mail.queue(db, message, { key: `order-confirmation:${orderId}`, when: orderConfirmationClaim(db, orderId) });
  }

  return { sendOrderConfirmation };
}

export type OrderConfirmation = ReturnType<typeof createOrderConfirmation>;
