import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { SavedCardSummary, Subscription, SubscriptionRenewal } from '#contract/subscriptions';
import { renewsAs } from '#domain/catalog';
import { formatMoney, parseMoney } from '#domain/money';
import { renewalChargeAt, renewalChargeCents } from '#domain/renewal';
import { remainingTime, type SubscriptionStatus } from '#domain/subscription-status';
import { devicesRun } from '#domain/devices';
import { graceState } from '#domain/renewal-milestones';
import type { DbOrTx } from '#server/db/connect';
import { packages } from './packages';
import { deviceView } from './device-view';
import { deviceCredentials, subscriptions } from './schema';

/** The account page's view of subscriptions (spec section 3 "Subscription (account page)"). */

const iso = (date: Date | null) => (date ? date.toISOString() : null);

/**
 * The summaries of saved cards by id: the payments feature's table, read through a function
 * the wiring gives (payments reaches this feature through checkout, so it cannot be imported).
 */
export type SavedCardSummaries = (savedCardIds: string[]) => Promise<Map<string, SavedCardSummary>>;

/**
 * Where the current period's automatic charge stands, for the subscriptions whose charge was
 * declined or waits for 3-D Secure: the renewals feature's table, read through a function the
 * wiring gives (renewals imports this feature, so it cannot be imported here).
 */
export type RenewalStatesOf = (subscriptionIds: string[]) => Promise<Map<string, SubscriptionRenewal>>;

/** A streaming box's shipment as the account page shows it and its activation reads it. */
export interface BoxShipment {
  subscriptionId: string | null;
  status: string;
  carrier: string;
  trackingNumber: string | null;
  estimatedDelivery: Date | null;
  actualDelivery: Date | null;
}

/**
 * The shipments of these subscriptions' boxes: the orders feature's table, read through a
 * function the wiring gives (decision 0084: no import of the orders feature for it).
 */
export type ShipmentsOf = (subscriptionIds: string[]) => Promise<BoxShipment[]>;

const RENEWAL_OFF: SubscriptionRenewal = { state: 'off', nextAttemptAt: null, lastDeclineMessage: null };
const RENEWAL_SCHEDULED: SubscriptionRenewal = { state: 'scheduled', nextAttemptAt: null, lastDeclineMessage: null };

type SubscriptionRow = typeof subscriptions.$inferSelect;

/**
 * The renewal facts of the account page (decision 0044): a next charge only for an active
 * subscription that renews with a card, while its day is ahead (`now` absent: whatever the
 * day). A charge whose day passed is being tried or was declined: the page shows no date then.
 */
function renewalView(subscription: SubscriptionRow, price: string | null, card: SavedCardSummary | null, now: Date | null) {
  const chargeAt = renewalChargeAt(subscription.expirationDate);
  const charges = price !== null && subscription.autoRenew && card !== null && subscription.status === 'active' && (now === null || chargeAt >= now);
  return {
    autoRenew: subscription.autoRenew,
    savedCard: card,
    nextChargeAt: charges ? chargeAt.toISOString() : null,
    nextChargeAmount: charges ? formatMoney(renewalChargeCents(parseMoney(price), subscription.deviceCount)) : null,
  };
}

type RenewedPackage = { price: string; duration: string; requiresShipping: boolean };

/**
 * The prices subscriptions of these packages renew at: a box's subscription renews alone, at
 * the price of the package of its period (domain/catalog renewsAs); null when nothing renews it.
 */
export async function renewalPrices(db: DbOrTx, bought: readonly RenewedPackage[]): Promise<(string | null)[]> {
  const onSale = bought.some((pkg) => pkg.requiresShipping)
    ? await db.select({ price: packages.price, duration: packages.duration, requiresShipping: packages.requiresShipping }).from(packages).where(eq(packages.isActive, true))
    : [];
  return bought.map((pkg) => renewsAs(pkg, onSale)?.price ?? null);
}

/** What a reminder says of the renewal ahead (decision 0046). */
export interface RenewalTerms {
  /** The saved card's charge: its amount, card and day; null when the customer renews by hand. */
  autoCharge: { amountCents: number; last4: string; on: Date } | null;
}

/**
 * The renewal a reminder announces: the saved card's charge when the subscription renews
 * itself (the renewal pass asks the renewals feature whether that charge is still to come).
 */
export async function renewalTerms(db: DbOrTx, subscriptionId: string, savedCards: SavedCardSummaries | undefined): Promise<RenewalTerms> {
  const [row] = await db
    .select({ subscription: subscriptions, pkg: { price: packages.price, duration: packages.duration, requiresShipping: packages.requiresShipping } })
    .from(subscriptions)
    .innerJoin(packages, eq(packages.id, subscriptions.packageId))
    .where(eq(subscriptions.id, subscriptionId))
    .limit(1);
  const cardId = row?.subscription.savedCardId;
  if (!row || !cardId || !savedCards) return { autoCharge: null };
  const card = (await savedCards([cardId])).get(cardId) ?? null;
  const [price = null] = await renewalPrices(db, [row.pkg]);
  const { nextChargeAt } = renewalView(row.subscription, price, card, null);
  if (!card || !nextChargeAt || price === null) return { autoCharge: null };
  return { autoCharge: { amountCents: renewalChargeCents(parseMoney(price), row.subscription.deviceCount), last4: card.last4, on: new Date(nextChargeAt) } };
}

/** A customer's subscriptions, newest first; `onlyId` narrows it to one of them. */
export async function customerSubscriptions(
  db: DbOrTx,
  customerId: string,
  now: Date,
  {
    graceDays,
    onlyId,
    shipmentsOf,
    savedCards,
    renewalStates,
  }: { graceDays: number; onlyId?: string; shipmentsOf: ShipmentsOf; savedCards?: SavedCardSummaries; renewalStates?: RenewalStatesOf },
): Promise<Subscription[]> {
  const rows = await db
    .select({
      subscription: subscriptions,
      pkg: { id: packages.id, name: packages.name, duration: packages.duration, durationUnit: packages.durationUnit, price: packages.price, requiresShipping: packages.requiresShipping },
    })
    .from(subscriptions)
    .innerJoin(packages, eq(packages.id, subscriptions.packageId))
    .where(and(eq(subscriptions.customerId, customerId), onlyId ? eq(subscriptions.id, onlyId) : undefined))
    .orderBy(desc(subscriptions.createdAt), desc(subscriptions.id));
  if (rows.length === 0) return [];

  const ids = rows.map((row) => row.subscription.id);
  const cardIds = rows.flatMap(({ subscription }) => (subscription.savedCardId ? [subscription.savedCardId] : []));
  const renewing = rows.flatMap(({ subscription }) => (subscription.autoRenew ? [subscription.id] : []));
  const [credentials, boxes, cards, prices, declined] = await Promise.all([
    db
      .select()
      .from(deviceCredentials)
      .where(inArray(deviceCredentials.subscriptionId, ids))
      .orderBy(asc(deviceCredentials.deviceNumber)),
    shipmentsOf(ids),
    // Only customers with a saved card pay for this read.
    cardIds.length > 0 && savedCards ? savedCards(cardIds) : new Map<string, SavedCardSummary>(),
    renewalPrices(db, rows.map((row) => row.pkg)),
    renewing.length > 0 && renewalStates ? renewalStates(renewing) : new Map<string, SubscriptionRenewal>(),
  ]);

  return rows.map(({ subscription, pkg }, index) => {
    const shipment = boxes.find((box) => box.subscriptionId === subscription.id) ?? null;
    const { days, hours } = remainingTime(subscription.expirationDate, now);
    const graceDaysOf = pkg.durationUnit === 'hours' ? 0 : graceDays;
    const running = devicesRun(subscription, graceDaysOf, now);
    return {
      id: subscription.id,
      orderId: subscription.orderId,
      status: subscription.status as SubscriptionStatus,
      startDate: iso(subscription.startDate),
      expirationDate: subscription.expirationDate.toISOString(),
      deviceCount: subscription.deviceCount,
      remainingDays: days,
      remainingHours: hours,
      package: { id: pkg.id, name: pkg.name, duration: pkg.duration },
      ...graceState(subscription, graceDaysOf, now),
      deviceCredentials: credentials
        .filter((credential) => credential.subscriptionId === subscription.id)
        .map((credential) => deviceView(credential, subscription.xtreamUrl, running)),
      xtreamUrl: subscription.xtreamUrl,
      shipment: shipment && {
        status: shipment.status,
        carrier: shipment.carrier,
        trackingNumber: shipment.trackingNumber,
        estimatedDelivery: iso(shipment.estimatedDelivery),
        actualDelivery: iso(shipment.actualDelivery),
      },
      canActivate: subscription.status === 'pending_activation' && shipment?.status === 'delivered',
      ...renewalView(subscription, prices[index] ?? null, subscription.savedCardId ? (cards.get(subscription.savedCardId) ?? null) : null, now),
      renewal: subscription.autoRenew ? (declined.get(subscription.id) ?? RENEWAL_SCHEDULED) : RENEWAL_OFF,
    };
  });
}
