import type { DbOrTx } from '#server/db/connect';
import { coupons } from './schema';

export const SEED_COUPONS: (typeof coupons.$inferInsert)[] = [
  { code: 'WELCOME10', description: '10% off your first subscription', type: 'percentage', value: '10.00', maxDiscount: '20.00' },
  { code: 'SAVE5', description: '$5 off any order over $30', type: 'fixed', value: '5.00', minOrderAmount: '30.00' },
];

export async function seedCoupons(tx: DbOrTx): Promise<void> {
  await tx.insert(coupons).values(SEED_COUPONS).onConflictDoNothing();
}
