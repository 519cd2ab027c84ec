import { eq, lt, sql } from 'drizzle-orm';
import { DEFAULT_TRIAL_DAILY_BUDGET } from '#contract/trials';
import { isoDayInTimeZone, startOfDayInTimeZone } from '#domain/store-time';
import type { DbOrTx } from '#server/db/connect';
import { trialBudget, trialDays } from './schema';

/**
 * The owner's daily trial budget (decision 0101). A day is the store's (STORE_TIME_ZONE),
 * the one the admin's figures use, so "paused today" ends at the store's midnight.
 */

/** The store's day at `now` ('2026-12-03') and how long until the next one starts. */
export function trialDayAt(now: Date, timeZone: string): { day: string; msToNextDay: number } {
  const day = isoDayInTimeZone(now, timeZone);
  const next = new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
  return { day, msToNextDay: Math.max(1, startOfDayInTimeZone(next, timeZone).getTime() - now.getTime()) };
}

export async function trialDailyBudget(db: DbOrTx): Promise<number> {
  const [row] = await db.select({ dailyBudget: trialBudget.dailyBudget }).from(trialBudget).limit(1);
  return row?.dailyBudget ?? DEFAULT_TRIAL_DAILY_BUDGET;
}

/** Sets the budget in the admin workflow's transaction; `previous` is for its audit row. */
export async function setTrialDailyBudget(tx: DbOrTx, dailyBudget: number): Promise<{ previous: number; changed: boolean }> {
  const [before] = await tx.select({ dailyBudget: trialBudget.dailyBudget }).from(trialBudget).for('update');
  const previous = before?.dailyBudget ?? DEFAULT_TRIAL_DAILY_BUDGET;
  if (previous === dailyBudget) return { previous, changed: false };
  await tx
    .insert(trialBudget)
    .values({ only: true, dailyBudget })
    .onConflictDoUpdate({ target: trialBudget.only, set: { dailyBudget, updatedAt: sql`now()` } });
  return { previous, changed: true };
}

export async function trialsStartedOn(db: DbOrTx, day: string): Promise<number> {
  const [row] = await db.select({ started: trialDays.started }).from(trialDays).where(eq(trialDays.day, day)).limit(1);
  return row?.started ?? 0;
}

/**
 * Takes one of the day's trials within the budget, in the caller's transaction: one upsert
 * whose update only happens under the budget. Concurrent claims queue on the day's row lock
 * and each sees the count the one before it left, so two instances cannot both take the
 * last trial. False when the budget is spent (or lowered below the count).
 */
export async function takeTrialOfDay(tx: DbOrTx, day: string): Promise<boolean> {
  const budget = await trialDailyBudget(tx);
  if (budget < 1) return false;
  const taken = await tx
    .insert(trialDays)
    .values({ day, started: 1 })
    .onConflictDoUpdate({ target: trialDays.day, set: { started: sql`${trialDays.started} + 1` }, setWhere: lt(trialDays.started, budget) })
    .returning({ started: trialDays.started });
  return taken.length === 1;
}
