import { sql } from 'drizzle-orm';
import type { AdminStats } from '#contract/admin';
import { queryRows, type DbOrTx } from '#server/db/connect';
import { orderTallies, orders } from '../orders/schema';
import { supportTickets } from '../support/schema';
import { waitsForAPerson } from './admin-orders';
import { owedGiftCard } from './owed-gift-cards';

interface WaitingRow {
  needs_review: number;
  gift_cards_owed: number;
  boxes_to_ship: number;
  open_tickets: number;
}

/**
 * What waits for a person, for the navigation's badges: each count is the total its list
 * shows (Needs Review, Gift Cards, Shipments), with that list's own predicate. One statement
 * of three counts, each read from an index (orders' status and unfinished indexes, drizzle/0007 and 0000; the
 * owed gift cards', 0005), never whole rows; the paid boxes whose shipment has not left
 * (no shipment yet, or one still 'processing') are kept by the writers' triggers
 * (drizzle/0022's order_box_to_ship, decision 0055): counting them read every shipment.
 * The open support tickets are read from their inbox index (decision 0102).
 */
export async function workWaiting(db: DbOrTx): Promise<AdminStats['waiting']> {
  const [row] = await queryRows<WaitingRow>(
    db,
    sql`select (select count(*) from ${orders} where ${waitsForAPerson})::int as needs_review,
               (select count(*) from ${orders} where ${owedGiftCard})::int as gift_cards_owed,
               (select coalesce(sum(${orderTallies.count}), 0) from ${orderTallies} where ${orderTallies.tally} = 'boxes_to_ship')::int as boxes_to_ship,
               (select count(*) from ${supportTickets} where ${supportTickets.status} = 'open' and ${supportTickets.verifiedAt} is not null)::int as open_tickets`,
  );
  if (!row) throw new Error('the work-waiting query returned no row');
  return { needsReview: row.needs_review, giftCardsOwed: row.gift_cards_owed, boxesToShip: row.boxes_to_ship, openTickets: row.open_tickets };
}
