import { createHash } from 'node:crypto';
import { and, count, desc, eq, gt, isNull, or, sql } from 'drizzle-orm';
import type { IncidentPackage } from '#contract/status';
import type { DbOrTx } from '#server/db/connect';
import { incidents } from './schema';
import { isUuid } from '#domain/record-id';

/**
 * Every write of `incidents`, each taking the caller's transaction: the incidents feature is
 * the table's one owner (ARCHITECTURE: each table has one owner).
 */

export type IncidentRow = typeof incidents.$inferSelect;

/** Whether `id` can name an incident at all: anything else is not found, never a database error. */
export const isIncidentId = (id: string) => isUuid(id);

/** The same incident posted twice reads the same: its title, message and packages, whatever their order. */
function dedupeKeyOf(title: string, message: string, packages: IncidentPackage[] | null): string {
  const ids = packages ? packages.map((pkg) => pkg.id).sort() : null;
  return createHash('sha256').update(JSON.stringify([title, message, ids])).digest('hex');
}

export interface NewIncidentRow {
  title: string;
  message: string;
  packages: IncidentPackage[] | null;
  startedAt: Date;
  postedBy: string;
  notify: boolean;
  now: Date;
}

/**
 * Posts an incident: its row, or null when the same one is open already (it is not posted
 * twice, and its emails are not written twice). Concurrent posts of the same wait for each
 * other on the open incidents' unique key.
 */
export async function insertIncident(tx: DbOrTx, incident: NewIncidentRow): Promise<IncidentRow | null> {
  const [row] = await tx
    .insert(incidents)
    .values({
      title: incident.title,
      message: incident.message,
      packages: incident.packages,
      startedAt: incident.startedAt,
      postedBy: incident.postedBy,
      notifiedCustomers: incident.notify ? 0 : null,
      dedupeKey: dedupeKeyOf(incident.title, incident.message, incident.packages),
      createdAt: incident.now,
      updatedAt: incident.now,
    })
    .onConflictDoNothing({ target: incidents.dedupeKey, where: sql`ended_at is null` })
    .returning();
  return row ?? null;
}

/** The open incident posted with this title, message and packages, if any. */
export async function openIncidentLike(db: DbOrTx, incident: Pick<NewIncidentRow, 'title' | 'message' | 'packages'>): Promise<IncidentRow | null> {
  const [row] = await db
    .select()
    .from(incidents)
    .where(and(eq(incidents.dedupeKey, dedupeKeyOf(incident.title, incident.message, incident.packages)), isNull(incidents.endedAt)));
  return row ?? null;
}

/** Records how many customers the posting's emails went to. */
export async function recordNotified(tx: DbOrTx, id: string, customers: number): Promise<void> {
  await tx.update(incidents).set({ notifiedCustomers: customers }).where(eq(incidents.id, id));
}

/** The incident, locked for the caller's transaction when asked (its end and its compensation wait for each other). */
export async function findIncident(db: DbOrTx, id: string, { lock = false } = {}): Promise<IncidentRow | null> {
  if (!isIncidentId(id)) return null;
  const query = db.select().from(incidents).where(eq(incidents.id, id));
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

/** Sets the incident's end; the row as it is now. */
export async function setIncidentEnd(tx: DbOrTx, id: string, endedAt: Date, now: Date): Promise<IncidentRow> {
  const [row] = await tx.update(incidents).set({ endedAt, updatedAt: now }).where(eq(incidents.id, id)).returning();
  if (!row) throw new Error(`Incident ${id} vanished while it was being ended`);
  return row;
}

/** One page of incidents, newest start first, and how many there are. */
export async function incidentPage(db: DbOrTx, { limit, offset }: { limit: number; offset: number }): Promise<{ rows: IncidentRow[]; total: number }> {
  const rows = await db.select().from(incidents).orderBy(desc(incidents.startedAt), desc(incidents.createdAt)).limit(limit).offset(offset);
  const [{ total }] = (await db.select({ total: count() }).from(incidents)) as [{ total: number }];
  return { rows, total };
}

/** The status page's incidents: every open one, and those ended since `endedSince`; newest start first. */
export function incidentsShownSince(db: DbOrTx, endedSince: Date, limit: number): Promise<IncidentRow[]> {
  return db
    .select()
    .from(incidents)
    .where(or(isNull(incidents.endedAt), gt(incidents.endedAt, endedSince)))
    .orderBy(desc(incidents.startedAt))
    .limit(limit);
}
