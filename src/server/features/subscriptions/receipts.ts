import { parseMoney } from '#domain/money';
import { renewalChargeAt, renewalChargeCents } from '#domain/renewal';
import { isAutomaticRenewalKey } from '#domain/renewal-charges';
import type { DbOrTx } from '#server/db/connect';
import type { Mail } from '#server/features/mail/index';
import { orderConfirmationClaim, type OrderRow } from '#server/features/orders/index';
import { orderConfirmationMail, paidWithOf, type ConfirmationDetails, type RenewalReceipt } from '#server/features/mail/index';
import type { SavedCardSummaries } from './views';

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
  };
}

/** What each automatic renewal of a purchase charges: today's renewal price (null when nothing renews it) with the device fee. */
export const autoRenewalOf = (renewalPrice: string | null, deviceCount: number) =>
  renewalPrice === null ? null : { amountCents: renewalChargeCents(parseMoney(renewalPrice), deviceCount) };

/**
 * The card an automatic renewal charged ('card ending 4242'): the subscription's saved card,
 * which the renewal charge used (decision 0045); a renewal bought by hand names its method.
 */
export async function paidWithOfRenewal(order: OrderRow, savedCardId: string | null, savedCards: SavedCardSummaries | undefined): Promise<string> {
  if (!isAutomaticRenewalKey(order.checkoutKey) || !savedCardId || !savedCards) return paidWithOf(order.paymentMethod);
  const card = (await savedCards([savedCardId])).get(savedCardId);
  return card ? `card ending ${card.last4}` : paidWithOf(order.paymentMethod);
}

/** A renewal's receipt facts: the period, the payment, and the next charge when the subscription renews itself. */
export function renewalReceiptOf(period: { from: Date; until: Date }, paidWith: string, renewsItself: boolean): RenewalReceipt {
  return { ...period, paidWith, nextChargeOn: renewsItself ? renewalChargeAt(period.until) : null };
}

/** Writes a renewal's receipt in the transaction that applied it, claimed on the order as every confirmation is. */
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
  return mail.queue(tx, message, { key: `order-confirmation:${order.id}`, when: orderConfirmationClaim(tx, order.id) });
}
