import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { SavedCardSummary, Subscription, SubscriptionRenewal } from '#contract/subscriptions';
import { renewsAs } from '#domain/catalog';
import { DEFAULT_CURRENCY, type CurrencyCode } from '#domain/currencies';
import { formatMoney, parseMoney } from '#domain/money';
import { renewalChargeAt, renewalChargeCents } from '#domain/renewal';
import { remainingTime, type SubscriptionStatus } from '#domain/subscription-status';
import { devicesRun } from '#domain/devices';
import { graceState } from '#domain/renewal-milestones';
import type { DbOrTx } from '#server/db/connect';
import { packages } from './packages';
import { deviceView } from './device-view';
import { renewalQuote } from './renewal-price';
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

/**
 * The currency each subscription renews in, its last paid order's (decision 0104): the orders
 * feature's table, read through a function the wiring gives (decision 0084); USD when absent.
 */
export type RenewalCurrenciesOf = (subscriptionIds: string[]) => Promise<Map<string, CurrencyCode>>;

const RENEWAL_OFF: SubscriptionRenewal = { state: 'off', nextAttemptAt: null, lastDeclineMessage: null };
const RENEWAL_SCHEDULED: SubscriptionRenewal = { state: 'scheduled', nextAttemptAt: null, lastDeclineMessage: null };

type SubscriptionRow = typeof subscriptions.$inferSelect;

/**
 * When the account page's next charge is (decision 0044): only for an active subscription
 * that renews with a card, while its day is ahead (`now` absent: whatever the day). A charge
 * whose day passed is being tried or was declined: the page shows no date then.
 */
function nextChargeAt(subscription: SubscriptionRow, renews: boolean, card: SavedCardSummary | null, now: Date | null): Date | null {
  const chargeAt = renewalChargeAt(subscription.expirationDate);
  const charges = renews && subscription.autoRenew && card !== null && subscription.status === 'active' && (now === null || chargeAt >= now);
  return charges ? chargeAt : null;
}

type RenewedPackage = { id: string; price: string; duration: string; requiresShipping: boolean };

/**
 * The packages subscriptions of these packages renew as: a box's subscription renews alone, as
 * the package of its period (domain/catalog renewsAs); null when nothing renews it.
 */
async function renewingPackages(db: DbOrTx, bought: readonly RenewedPackage[]): Promise<(RenewedPackage | null)[]> {
  const onSale = bought.some((pkg) => pkg.requiresShipping)
    ? await db
        .select({ id: packages.id, price: packages.price, duration: packages.duration, requiresShipping: packages.requiresShipping })
        .from(packages)
        .where(eq(packages.isActive, true))
    : [];
  return bought.map((pkg) => renewsAs(pkg, onSale));
}

/** The USD prices subscriptions of these packages renew at; null when nothing renews them. */
export async function renewalPrices(db: DbOrTx, bought: readonly RenewedPackage[]): Promise<(string | null)[]> {
  return (await renewingPackages(db, bought)).map((pkg) => pkg?.price ?? null);
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
    .select({ subscription: subscriptions, pkg: { id: packages.id, price: packages.price, duration: packages.duration, requiresShipping: packages.requiresShipping } })
    .from(subscriptions)
    .innerJoin(packages, eq(packages.id, subscriptions.packageId))
    .where(eq(subscriptions.id, subscriptionId))
    .limit(1);
  const cardId = row?.subscription.savedCardId;
  if (!row || !cardId || !savedCards) return { autoCharge: null };
  const card = (await savedCards([cardId])).get(cardId) ?? null;
  const [price = null] = await renewalPrices(db, [row.pkg]);
  const on = nextChargeAt(row.subscription, price !== null, card, null);
  if (!card || !on || price === null) return { autoCharge: null };
  return { autoCharge: { amountCents: renewalChargeCents(parseMoney(price), row.subscription.deviceCount), last4: card.last4, on } };
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
    renewalCurrencies,
  }: { graceDays: number; onlyId?: string; shipmentsOf: ShipmentsOf; savedCards?: SavedCardSummaries; renewalStates?: RenewalStatesOf; renewalCurrencies?: RenewalCurrenciesOf },
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
  const autoRenewing = rows.flatMap(({ subscription }) => (subscription.autoRenew ? [subscription.id] : []));
  const [credentials, boxes, cards, renewing, declined, currencies] = await Promise.all([
    db
      .select()
      .from(deviceCredentials)
      .where(inArray(deviceCredentials.subscriptionId, ids))
      .orderBy(asc(deviceCredentials.deviceNumber)),
    shipmentsOf(ids),
    // Only customers with a saved card pay for this read.
    cardIds.length > 0 && savedCards ? savedCards(cardIds) : new Map<string, SavedCardSummary>(),
    renewingPackages(db, rows.map((row) => row.pkg)),
    autoRenewing.length > 0 && renewalStates ? renewalStates(autoRenewing) : new Map<string, SubscriptionRenewal>(),
    renewalCurrencies ? renewalCurrencies(ids) : new Map<string, CurrencyCode>(),
  ]);
  const currencyOf = (subscriptionId: string) => currencies.get(subscriptionId) ?? DEFAULT_CURRENCY;
  const cardOf = (subscription: SubscriptionRow) => (subscription.savedCardId ? (cards.get(subscription.savedCardId) ?? null) : null);
  // The next charge in the currency the renewal will charge, at that currency's price (decision 0114).
  const charges = await Promise.all(
    rows.map(async ({ subscription }, index) => {
      const pkg = renewing[index] ?? null;
      const at = nextChargeAt(subscription, pkg !== null, cardOf(subscription), now);
      return at && pkg ? { at, quote: await renewalQuote(db, pkg, subscription.deviceCount, currencyOf(subscription.id)) } : null;
    }),
  );

  return rows.map(({ subscription, pkg }, index) => {
    const charge = charges[index] ?? null;
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
      autoRenew: subscription.autoRenew,
      savedCard: cardOf(subscription),
      nextChargeAt: iso(charge?.at ?? null),
      nextChargeAmount: charge ? formatMoney(charge.quote.renewalCents) : null,
      currency: charge?.quote.currency ?? currencyOf(subscription.id),
      renewal: subscription.autoRenew ? (declined.get(subscription.id) ?? RENEWAL_SCHEDULED) : RENEWAL_OFF,
    };
  });
}
