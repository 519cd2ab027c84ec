import { eq } from 'drizzle-orm';
import { renewsAs } from '#domain/catalog';
import { formatMoney, parseMoney } from '#domain/money';
import { newOrderId } from '#domain/order-id';
import { priceOrder } from '#domain/pricing';
import type { DbOrTx } from '#server/db/connect';
import { findCustomer } from '#server/features/accounts/index';
import { packageIn, packagesForReading as packages } from '#server/features/catalog/index';
import { insertOrder, ordersForReading as orders, type OrderRow } from '#server/features/orders/index';
import { termsOfSubscription } from './subscription-locale';

/** What an automatic renewal orders: the subscription's package and devices, for its customer. */
export interface RenewalOrderRequest {
  /** The renewal's own key (subscription and period): the same period never gets a second order. */
  key: string;
  subscriptionId: string;
  customerId: string;
  packageId: string;
  deviceCount: number;
  /** The order that started the subscription: its gift card choice carries over, as a buyer's renewal by hand would make it. */
  firstOrderId: string;
  /** The server's time (the order id carries it). */
  now: Date;
}

export type RenewalOrderResult =
  | { outcome: 'placed'; order: OrderRow; packageName: string }
  /** The owner deactivated the package since (or it is one nothing renews): no order, nothing to charge. */
  | { outcome: 'package_unavailable'; packageName: string };

async function orderOfKey(db: DbOrTx, key: string): Promise<OrderRow | null> {
  const [row] = await db.select().from(orders).where(eq(orders.checkoutKey, key)).limit(1);
  return row ?? null;
}

/** The package a subscription of `packageId` renews as, when one does, and the name its emails give it. */
export async function renewingPackage(db: DbOrTx, packageId: string) {
  const [bought] = await db.select().from(packages).where(eq(packages.id, packageId)).limit(1);
  // A box's subscription renews alone, as the package of the same period (the box is the buyer's already).
  const onSale = bought?.requiresShipping ? await db.select().from(packages).where(eq(packages.isActive, true)) : [];
  const renewing = bought?.isActive || bought?.requiresShipping ? renewsAs(bought, onSale) : null;
  return { renewing, packageName: renewing?.name ?? bought?.name ?? packageId };
}

/**
 * The order of an automatic renewal (decision 0045): the same package and device count at
 * the catalog's price today (a box's subscription: the package of its period, without the box), priced on the server as every checkout is (D5), renewing the
 * subscription (renewsSubscriptionId). Written once per period: its checkout key is the
 * renewal's key, so a repeated or concurrent call returns the same order.
 */
export async function placeRenewalOrder(db: DbOrTx, request: RenewalOrderRequest): Promise<RenewalOrderResult> {
  const { renewing, packageName } = await renewingPackage(db, request.packageId);
  if (!renewing?.isActive) return { outcome: 'package_unavailable', packageName };

  const placed = await orderOfKey(db, request.key);
  if (placed) return { outcome: 'placed', order: placed, packageName };

  const customer = await findCustomer(db, request.customerId);
  if (!customer) throw new Error(`Subscription ${request.subscriptionId} belongs to no customer`);
  // Charged in the currency of the subscription's last payment, at that currency's price
  // (decision 0104); a package its price list no longer has is not renewed at another's.
  // Its receipt is written in the language of the subscription's last order (decision 0107).
  const { currency, locale } = await termsOfSubscription(db, request.subscriptionId, customer.locale);
  const pkg = await packageIn(db, renewing, currency);
  if (!pkg) return { outcome: 'package_unavailable', packageName };

  const [first] = await db.select({ giftCard: orders.selectedGiftCard }).from(orders).where(eq(orders.id, request.firstOrderId)).limit(1);
  const giftCard = first?.giftCard ?? null;
  const pricing = priceOrder(parseMoney(pkg.price), request.deviceCount, 0, currency);
  const inserted = await insertOrder(db, {
    id: newOrderId(request.now),
    customerId: customer.id,
    customerName: `${customer.firstName} ${customer.lastName}`,
    customerEmail: customer.email,
    customerPhone: customer.phone,
    packageId: pkg.id,
    selectedGiftCard: giftCard,
    paymentMethod: 'card',
    deviceCount: String(request.deviceCount),
    couponCode: null,
    couponDiscount: formatMoney(0),
    couponReserved: false,
    subtotalAmount: formatMoney(pricing.subtotal),
    totalAmount: formatMoney(pricing.total),
    cashbackAmount: giftCard ? pkg.cashback : formatMoney(0),
    requiresShipping: false,
    shippingAddress: null,
    shippingCity: null,
    shippingState: null,
    shippingZip: null,
    shippingCountry: 'US',
    renewsSubscriptionId: request.subscriptionId,
    // The card that pays is saved already: the renewal saves none.
    autoRenew: false,
    setTopBoxMacs: [],
    checkoutKey: request.key,
    currency,
    locale,
  });
  // Null: a concurrent call wrote the period's order first.
  const order = inserted ?? (await orderOfKey(db, request.key));
  if (!order) throw new Error(`The renewal order of ${request.key} was neither written nor found`);
  return { outcome: 'placed', order, packageName };
}
