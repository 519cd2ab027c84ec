import { sql, type SQL } from 'drizzle-orm';
import { orders } from '../orders/schema';

/**
 * The one definition of each figure the admin pages show, as SQL every report builds on:
 * the dashboards' cards, the notifications' summary, the revenue chart and tab and the
 * customers CSV, so that no two places can count the same day differently (decision 0033).
 *
 * A refund of everything left makes the order 'refunded' (decision 0021); a partial one
 * leaves it 'completed' with its `refunded_amount` (decision 0036). So "net of refunds" is
 * "completed orders only, less what was given back of them", counted on the order's own
 * day: a refund lowers the day the money came in, not the day it went out. The literal
 * keptPayment is also the predicate of orders_paid_idx, so a query
 * that filters on `keptPayment` by payment date can read that partial index.
 *
 * The dashboards' cards, the revenue chart and the lists' totals read these figures as the
 * writers keep them (decision 0049): drizzle/0019's triggers add each order's, notice's and
 * subscription's share by the same definitions (kept = completed or disputed; net = total less
 * refunded; paid = kept with total > 0; an active subscription is status 'active'), and
 * tests/api/admin-figures-kept.test.ts compares them with these aggregates from scratch.
 */

/**
 * An order whose money the store took and did not give back by a refund: paid, including a
 * disputed one (decision 0100): its money counts while the dispute is open or won, and a lost
 * one's loss is subtracted by netRevenue. The literal is orders_paid_idx's predicate.
 */
export const keptPayment = sql`${orders.paymentStatus} in ('completed', 'disputed', 'disputed_lost')`;

/**
 * Revenue, net of refunds and lost disputes: the sum of the kept orders' totals less their
 * partial refunds and what a lost dispute took back with its fee (a refunded order adds
 * nothing), of those `within` a period when given.
 */
export const netRevenue = (within?: SQL) =>
  sql`coalesce(sum(${orders.totalAmount} - ${orders.refundedAmount} - ${orders.disputeLoss}) filter (where ${keptPayment}${within ? sql` and ${within}` : sql``}), 0)`;

/** A paid order: money was taken (a $0 trial or free order is not one) and not refunded in full (a partial refund keeps it one). */
export const paidOrder = sql`${keptPayment} and ${orders.totalAmount} > 0`;

/** How many paid orders. */
export const paidOrderCount = sql`count(*) filter (where ${paidOrder})`;

/** A refunded order, marked as such wherever it is still listed. */
export const refundedOrder = sql`${orders.paymentStatus} = 'refunded'`;
