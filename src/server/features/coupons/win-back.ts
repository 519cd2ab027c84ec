import { and, eq, gt, isNull, lte, or } from 'drizzle-orm';
import { WIN_BACK_COUPON_UNKNOWN, type WinBackCoupon } from '#contract/admin-coupons';
import type { Db, DbOrTx } from '#server/db/connect';
import { invalid } from '#domain/errors';
import { coupons, winBackCoupon } from './schema';

/** The owner's win-back coupon: chosen in the admin, offered by the win-back emails (decision 0046). */

/** The admin's view: the chosen coupon's code, or null for none. */
export async function chosenWinBackCoupon(db: Db): Promise<WinBackCoupon> {
  const [row] = await db.select({ code: coupons.code }).from(winBackCoupon).innerJoin(coupons, eq(coupons.id, winBackCoupon.couponId));
  return { code: row?.code ?? null };
}

/**
 * Chooses the win-back coupon (a 400 for an unknown code), in the admin workflow's
 * transaction; `previous` is the code chosen before, for its audit row (none when unchanged).
 */
export async function chooseWinBackCoupon(tx: DbOrTx, code: string | null): Promise<{ code: string | null; previous: string | null; changed: boolean }> {
  const [coupon] = code ? await tx.select({ id: coupons.id }).from(coupons).where(eq(coupons.code, code)) : [];
  if (code && !coupon) throw invalid(WIN_BACK_COUPON_UNKNOWN);
  const [before] = await tx
    .select({ code: coupons.code })
    .from(winBackCoupon)
    .innerJoin(coupons, eq(coupons.id, winBackCoupon.couponId))
    .for('update', { of: winBackCoupon });
  const previous = before?.code ?? null;
  if (previous === code) return { code, previous, changed: false };
  const couponId = coupon?.id ?? null;
  await tx.insert(winBackCoupon).values({ only: true, couponId }).onConflictDoUpdate({ target: winBackCoupon.only, set: { couponId, updatedAt: new Date() } });
  return { code, previous, changed: true };
}

/**
 * The code a win-back email offers at `now`: the chosen coupon while a customer can use it
 * (active, within its dates, uses left), else none, so no email promises a dead code.
 */
export async function winBackCouponOffered(db: Db, now: Date): Promise<string | null> {
  const [row] = await db
    .select({ code: coupons.code, usageLimit: coupons.usageLimit, usageCount: coupons.usageCount })
    .from(winBackCoupon)
    .innerJoin(coupons, eq(coupons.id, winBackCoupon.couponId))
    .where(
      and(
        eq(coupons.isActive, true),
        or(isNull(coupons.validFrom), lte(coupons.validFrom, now)),
        or(isNull(coupons.validTo), gt(coupons.validTo, now)),
      ),
    );
  if (!row || (row.usageLimit !== null && row.usageCount >= row.usageLimit)) return null;
  return row.code;
}
