import { count, desc, eq } from 'drizzle-orm';
import {
  COUPON_CODE_TAKEN,
  COUPON_NOT_FOUND,
  MAX_PERCENTAGE,
  PERCENTAGE_TOO_HIGH,
  usageLimitBelowUses,
  VALID_TO_BEFORE_VALID_FROM,
  type AdminCoupon,
  type CouponChanges,
  type NewCoupon,
} from '#contract/admin-coupons';
import { parseMoney } from '#domain/money';
import type { Db, DbOrTx } from '#server/db/connect';
import { coupons } from './schema';
import { conflict, invalid, notFound } from '#domain/errors';
import type { CouponRow } from './service';
import { chooseWinBackCoupon, chosenWinBackCoupon } from './win-back';

type CouponTerms = Pick<CouponRow, 'type' | 'value' | 'validFrom' | 'validTo'>;

/** Rules across fields, checked on the coupon as it would be after the change. */
function refuseInconsistent(terms: CouponTerms): void {
  if (terms.type === 'percentage' && parseMoney(terms.value) > MAX_PERCENTAGE * 100) throw invalid(PERCENTAGE_TOO_HIGH);
  if (terms.validFrom && terms.validTo && terms.validTo <= terms.validFrom) throw invalid(VALID_TO_BEFORE_VALID_FROM);
}

export function toAdminCoupon(row: CouponRow): AdminCoupon {
  return {
    code: row.code,
    description: row.description,
    type: row.type,
    value: row.value,
    minOrderAmount: row.minOrderAmount,
    maxDiscount: row.maxDiscount,
    currency: row.currency,
    usageLimit: row.usageLimit,
    usageCount: row.usageCount,
    validFrom: row.validFrom?.toISOString() ?? null,
    validTo: row.validTo?.toISOString() ?? null,
    isActive: row.isActive,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The audit log's form of a coupon's fields: dates as text, so before and after compare. */
const auditable = (row: Partial<CouponRow>) =>
  Object.fromEntries(Object.entries(row).map(([key, value]) => [key, value instanceof Date ? value.toISOString() : value]));

/** Every coupon, newest first, with its uses counted so far. */
export async function couponPage(db: Db, page: { limit: number; offset: number }) {
  const [rows, [total]] = await Promise.all([
    db.select().from(coupons).orderBy(desc(coupons.createdAt), desc(coupons.id)).limit(page.limit).offset(page.offset),
    db.select({ total: count() }).from(coupons),
  ]);
  return { items: rows.map(toAdminCoupon), total: total!.total };
}

/** A coupon as an administrator's change left it, with what its audit row records (decision 0084). */
export interface CouponChange {
  coupon: AdminCoupon;
  /** Only the fields that changed: none, no change. */
  before: Record<string, unknown>;
  after: Record<string, unknown>;
}

/** Creates a coupon (409 when its code is taken), in the admin workflow's transaction, which writes its audit row. */
export async function createCoupon(tx: DbOrTx, coupon: NewCoupon): Promise<CouponChange> {
  refuseInconsistent(coupon);
  const [created] = await tx.insert(coupons).values(coupon).onConflictDoNothing({ target: coupons.code }).returning();
  if (!created) throw conflict(COUPON_CODE_TAKEN);
  return { coupon: toAdminCoupon(created), before: {}, after: auditable(coupon) };
}

/**
 * Changes a coupon's terms; its code and usage count stay. A limit below the uses already
 * counted is refused (409) and changes nothing. Returns the fields that changed, for the
 * audit row the admin workflow writes in the same transaction.
 */
export async function updateCoupon(tx: DbOrTx, code: string, changes: CouponChanges): Promise<CouponChange> {
  const [current] = await tx.select().from(coupons).where(eq(coupons.code, code)).for('update');
  if (!current) throw notFound(COUPON_NOT_FOUND);
  refuseInconsistent({ ...current, ...changes });
  // The count holds every reservation of an unpaid order (decision 0020), and this row's lock
  // makes a checkout counting a use wait for the change, so no use slips in past the check.
  const limit = changes.usageLimit;
  if (limit !== undefined && limit !== null && limit !== current.usageLimit && limit < current.usageCount) {
    throw conflict(usageLimitBelowUses(current.usageCount));
  }
  const changed = Object.fromEntries(
    Object.entries(changes).filter(([key, value]) => value !== undefined && JSON.stringify(auditable({ [key]: value })) !== JSON.stringify(auditable({ [key]: current[key as keyof CouponRow] }))),
  ) as Partial<CouponRow>;
  if (Object.keys(changed).length === 0) return { coupon: toAdminCoupon(current), before: {}, after: {} };
  const [updated] = await tx.update(coupons).set({ ...changed, updatedAt: new Date() }).where(eq(coupons.id, current.id)).returning();
  const before = Object.fromEntries(Object.keys(changed).map((key) => [key, current[key as keyof CouponRow]]));
  return { coupon: toAdminCoupon(updated!), before: auditable(before), after: auditable(changed) };
}

/** The administrator's coupon calls, handed to the admin routes (reads) and the admin workflow (changes, in its transaction). */
export function createCouponAdmin(db: Db) {
  return {
    page: (page: { limit: number; offset: number }) => couponPage(db, page),
    create: createCoupon,
    update: updateCoupon,
    /** The coupon the renewal schedule's win-back emails offer (decision 0046). */
    winBack: () => chosenWinBackCoupon(db),
    chooseWinBack: chooseWinBackCoupon,
  };
}

export type CouponAdmin = ReturnType<typeof createCouponAdmin>;
