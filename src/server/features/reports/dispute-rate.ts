import { sql } from 'drizzle-orm';
import { disputeRateLevel, type DisputeRate } from '#contract/disputes';
import { queryRows, type DbOrTx } from '#server/db/connect';
import { disputes } from '../disputes/schema';
import { orders } from '../orders/schema';

/** The window of the dashboard's dispute rate, as the card networks count it (decision 0100). */
export const DISPUTE_RATE_DAYS = 30;

/**
 * Disputes opened in the last 30 days over the card payments taken in them (decision 0100):
 * every card order paid in the window with money taken, whatever became of it since (refunded
 * and disputed ones too, as the networks count charges). Each count reads its own index.
 */
export async function disputeRate(db: DbOrTx): Promise<DisputeRate> {
  const since = sql`now() - make_interval(days => ${DISPUTE_RATE_DAYS})`;
  const [row] = await queryRows<{ disputes: number; card_payments: number }>(
    db,
    sql`select (select count(*) from ${disputes} where ${disputes.createdAt} >= ${since})::int as disputes,
               (select count(*) from ${orders}
                 where ${orders.paidAt} >= ${since} and ${orders.paymentMethod} = 'card' and ${orders.totalAmount} > 0
                   and ${orders.paymentStatus} in ('completed', 'refunded', 'disputed', 'disputed_lost'))::int as card_payments`,
  );
  const counted = { disputes: row?.disputes ?? 0, cardPayments: row?.card_payments ?? 0 };
  const rate = counted.cardPayments === 0 ? 0 : counted.disputes / counted.cardPayments;
  return { ...counted, rate, level: disputeRateLevel(rate) };
}
