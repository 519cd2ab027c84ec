import { and, asc, count, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/connect';
import { incidentCompensationLines, incidentCompensations } from './schema';

/**
 * Every write of an incident's compensation and its lines (decision 0094), each taking the
 * caller's transaction: the incidents feature owns both tables.
 */

export type CompensationRow = typeof incidentCompensations.$inferSelect;

/**
 * Claims the incident's one compensation in the caller's transaction: true when this call
 * claimed it. A second claim, even one running at the same moment on another instance,
 * waits for the first to commit and then finds the incident taken.
 */
export async function claimCompensation(tx: DbOrTx, incidentId: string, { days, adminUsername, now }: { days: number; adminUsername: string; now: Date }): Promise<boolean> {
  const claimed = await tx
    .insert(incidentCompensations)
    .values({ incidentId, days, adminUsername, subscriptions: 0, customers: 0, createdAt: now })
    .onConflictDoNothing({ target: incidentCompensations.incidentId })
    .returning({ incidentId: incidentCompensations.incidentId });
  return claimed.length === 1;
}

export interface CompensatedLine {
  subscriptionId: string;
  customerId: string;
  expiryBefore: Date;
  expiryAfter: Date;
}

/** Parameters per insert stay far below PostgreSQL's 65,535 however many subscriptions a store has. */
const LINES_PER_INSERT = 2000;

/** Records the subscriptions the claimed compensation extended, each due on the panel, and their totals. */
export async function recordCompensatedLines(tx: DbOrTx, incidentId: string, lines: readonly CompensatedLine[]): Promise<void> {
  for (let start = 0; start < lines.length; start += LINES_PER_INSERT) {
    await tx.insert(incidentCompensationLines).values(lines.slice(start, start + LINES_PER_INSERT).map((line) => ({ incidentId, ...line })));
  }
  const customers = new Set(lines.map((line) => line.customerId)).size;
  await tx.update(incidentCompensations).set({ subscriptions: lines.length, customers }).where(eq(incidentCompensations.incidentId, incidentId));
}

export async function findCompensation(db: DbOrTx, incidentId: string): Promise<CompensationRow | null> {
  const [row] = await db.select().from(incidentCompensations).where(eq(incidentCompensations.incidentId, incidentId));
  return row ?? null;
}

/** The compensations of these incidents with how many of their lines still wait for the panel. */
export async function compensationsOf(db: DbOrTx, incidentIds: string[]): Promise<Map<string, CompensationRow & { panelPending: number }>> {
  if (incidentIds.length === 0) return new Map();
  const rows = await db.select().from(incidentCompensations).where(inArray(incidentCompensations.incidentId, incidentIds));
  const pending = await db
    .select({ incidentId: incidentCompensationLines.incidentId, pending: count() })
    .from(incidentCompensationLines)
    .where(and(inArray(incidentCompensationLines.incidentId, incidentIds), isNull(incidentCompensationLines.panelDoneAt)))
    .groupBy(incidentCompensationLines.incidentId);
  const pendingOf = new Map(pending.map((row) => [row.incidentId, Number(row.pending)]));
  return new Map(rows.map((row) => [row.incidentId, { ...row, panelPending: pendingOf.get(row.incidentId) ?? 0 }]));
}

/** The lines still due on the panel and not held by another pass now, oldest incident first; of one incident when named. */
export function panelLinesDue(db: DbOrTx, { incidentId, now, limit }: { incidentId?: string | undefined; now: Date; limit: number }) {
  const lines = incidentCompensationLines;
  return db
    .select({ incidentId: lines.incidentId, subscriptionId: lines.subscriptionId })
    .from(lines)
    .where(
      and(
        isNull(lines.panelDoneAt),
        or(isNull(lines.panelHeldUntil), lte(lines.panelHeldUntil, now)),
        incidentId ? eq(lines.incidentId, incidentId) : undefined,
      ),
    )
    .orderBy(asc(lines.expiryBefore))
    .limit(limit);
}

type LineKey = { incidentId: string; subscriptionId: string };
const lineIs = ({ incidentId, subscriptionId }: LineKey) =>
  and(eq(incidentCompensationLines.incidentId, incidentId), eq(incidentCompensationLines.subscriptionId, subscriptionId));

/** Holds a due line for this pass until `until`: false when it is done or another pass holds it. */
export async function holdPanelLine(db: DbOrTx, line: LineKey, now: Date, until: Date): Promise<boolean> {
  const held = await db
    .update(incidentCompensationLines)
    .set({ panelHeldUntil: until, panelAttempts: sql`${incidentCompensationLines.panelAttempts} + 1` })
    .where(
      and(
        lineIs(line),
        isNull(incidentCompensationLines.panelDoneAt),
        or(isNull(incidentCompensationLines.panelHeldUntil), lte(incidentCompensationLines.panelHeldUntil, now)),
      ),
    )
    .returning({ subscriptionId: incidentCompensationLines.subscriptionId });
  return held.length === 1;
}

/** The panel runs the line's subscription to its new expiry: done, once. */
export async function markPanelLineDone(db: DbOrTx, line: LineKey, now: Date): Promise<boolean> {
  const done = await db
    .update(incidentCompensationLines)
    .set({ panelDoneAt: now, panelHeldUntil: null, panelLastError: null })
    .where(and(lineIs(line), isNull(incidentCompensationLines.panelDoneAt)))
    .returning({ subscriptionId: incidentCompensationLines.subscriptionId });
  return done.length === 1;
}

/** The panel failed: the line is let go at once for the next pass, with the error kept for the admin. */
export async function releasePanelLine(db: DbOrTx, line: LineKey, error: string): Promise<void> {
  await db
    .update(incidentCompensationLines)
    .set({ panelHeldUntil: null, panelLastError: error.slice(0, 500) })
    .where(and(lineIs(line), isNull(incidentCompensationLines.panelDoneAt)));
}
