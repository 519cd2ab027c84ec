import { and, desc, eq, gt, isNotNull, lt, lte, max, min } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/connect';
import { panelChecks } from './schema';

/**
 * Every read and write of `panel_checks` (decision 0093), each taking the caller's transaction
 * or the database: one row per minute, the first instance's result.
 */

export type PanelCheckRow = typeof panelChecks.$inferSelect;

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
/** Credits older than a day are not shown: the panel stopped giving them, or stopped answering. */
const CREDITS_KEPT_MS = 24 * HOUR_MS;

/** Whether `minute` has its check: an instance that finds it so calls no panel. */
export async function isMinuteRecorded(db: DbOrTx, minute: Date): Promise<boolean> {
  const rows = await db.select({ minute: panelChecks.minute }).from(panelChecks).where(eq(panelChecks.minute, minute)).limit(1);
  return rows.length > 0;
}

/** Records the minute's check; false when another instance recorded that minute first (its result stands). */
export async function recordCheck(db: DbOrTx, check: PanelCheckRow): Promise<boolean> {
  const rows = await db.insert(panelChecks).values(check).onConflictDoNothing({ target: panelChecks.minute }).returning({ minute: panelChecks.minute });
  return rows.length === 1;
}

/** The checks of the 60 minutes up to `now`, oldest first. */
export function checksOfLastHour(db: DbOrTx, now: Date): Promise<PanelCheckRow[]> {
  return db
    .select()
    .from(panelChecks)
    .where(and(gt(panelChecks.minute, new Date(now.getTime() - HOUR_MS)), lte(panelChecks.minute, now)))
    .orderBy(panelChecks.minute);
}

/** The latest check at or before `now`, or null before the first. */
export async function latestCheck(db: DbOrTx, now: Date): Promise<PanelCheckRow | null> {
  const [row] = await db.select().from(panelChecks).where(lte(panelChecks.minute, now)).orderBy(desc(panelChecks.minute)).limit(1);
  return row ?? null;
}

/** The credits the panel last gave, within the day up to `now`; null when it gave none. */
export async function latestCredits(db: DbOrTx, now: Date): Promise<{ credits: number; checkedAt: Date } | null> {
  const [row] = await db
    .select({ credits: panelChecks.credits, checkedAt: panelChecks.checkedAt })
    .from(panelChecks)
    .where(and(isNotNull(panelChecks.credits), gt(panelChecks.minute, new Date(now.getTime() - CREDITS_KEPT_MS)), lte(panelChecks.minute, now)))
    .orderBy(desc(panelChecks.minute))
    .limit(1);
  return row && row.credits !== null ? { credits: row.credits, checkedAt: row.checkedAt } : null;
}

/**
 * When the panel stopped answering: the first minute of the run of failed checks that ends
 * with the latest one at or before `now`, looking back an hour at most. Null when the latest
 * check succeeded, or there is none in that hour.
 */
export async function failingSince(db: DbOrTx, now: Date): Promise<Date | null> {
  const hourAgo = new Date(now.getTime() - HOUR_MS);
  const [answered] = await db
    .select({ at: max(panelChecks.minute) })
    .from(panelChecks)
    .where(and(eq(panelChecks.reachable, true), gt(panelChecks.minute, hourAgo), lte(panelChecks.minute, now)));
  const after = answered?.at ?? hourAgo;
  const [failed] = await db
    .select({ at: min(panelChecks.minute) })
    .from(panelChecks)
    .where(and(gt(panelChecks.minute, after), lte(panelChecks.minute, now)));
  return failed?.at ?? null;
}

/** Forgets the checks older than `before` (once an hour, by the instance that records the hour's first check). */
export async function forgetChecksBefore(db: DbOrTx, before: Date): Promise<void> {
  await db.delete(panelChecks).where(lt(panelChecks.minute, before));
}
