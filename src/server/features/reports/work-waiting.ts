import { sql } from 'drizzle-orm';
import type { AdminStats } from '#contract/admin';
import { queryRows, type DbOrTx } from '#server/db/connect';
import { orders, shipments } from '../orders/schema';
import { waitsForAPerson } from './admin-orders';
import { owedGiftCard } from './owed-gift-cards';

/**
 * A paid order that ships whose box has not left: no shipment yet (provisioning writes it) or
 * one still 'processing'. The first two terms are the partial index orders_paid_shipping_idx's
 * predicate, written the same way (no parameters) so the planner can use it; the shipment is
 * found by its unique order_id.
 */
const boxToShip = sql`${orders.paymentStatus} = 'completed' and ${orders.requiresShipping}
  and not exists (select 1 from ${shipments} where ${shipments.orderId} = ${orders.id} and ${shipments.status} in ('shipped', 'delivered'))`;

interface WaitingRow {
  needs_review: number;
  gift_cards_owed: number;
  boxes_to_ship: number;
}

/**
 * What waits for a person, for the navigation's badges: each count is the total its list
 * shows (Needs Review, Gift Cards, Shipments), with that list's own predicate. One statement
 * of three counts, each read from an index (orders' status and unfinished indexes, drizzle/0007 and 0000; the
 * owed gift cards', 0005; the paid shipping orders', 0010), never whole rows.
 */
export async function workWaiting(db: DbOrTx): Promise<AdminStats['waiting']> {
  const [row] = await queryRows<WaitingRow>(
    db,
    sql`select (select count(*) from ${orders} where ${waitsForAPerson})::int as needs_review,
               (select count(*) from ${orders} where ${owedGiftCard})::int as gift_cards_owed,
               (select count(*) from ${orders} where ${boxToShip})::int as boxes_to_ship`,
  );
  if (!row) throw new Error('the work-waiting query returned no row');
  return { needsReview: row.needs_review, giftCardsOwed: row.gift_cards_owed, boxesToShip: row.boxes_to_ship };
}
