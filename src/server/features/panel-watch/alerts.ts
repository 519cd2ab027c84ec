import { eq, sql } from 'drizzle-orm';
import type { PanelAlertKind } from '#domain/panel-health';
import type { DbOrTx } from '#server/db/connect';
import { panelAlerts } from './schema';

/**
 * Every read and write of `panel_alerts` (decision 0093). Raising and clearing are
 * conditional: of several instances doing it at once, one changes the row and is told so,
 * and writes the alert's messages in the same transaction; the others change nothing.
 */

export interface AlertChange {
  /** The raise's number, naming its messages and its recovery's. */
  episode: number;
  /** When the condition began. */
  since: Date;
}

/** Raises the alert unless it is raised already: its episode when this call raised it, null otherwise. */
export async function raiseAlert(tx: DbOrTx, kind: PanelAlertKind, since: Date, now: Date): Promise<AlertChange | null> {
  const [row] = await tx
    .insert(panelAlerts)
    .values({ kind, active: true, episode: 1, since, raisedAt: now, clearedAt: null })
    .onConflictDoUpdate({
      target: panelAlerts.kind,
      set: { active: true, episode: sql`${panelAlerts.episode} + 1`, since, raisedAt: now, clearedAt: null },
      setWhere: eq(panelAlerts.active, false),
    })
    .returning({ episode: panelAlerts.episode, since: panelAlerts.since });
  return row ?? null;
}

/** Clears the alert if it is raised: the episode it ends when this call cleared it, null otherwise. */
export async function clearAlert(tx: DbOrTx, kind: PanelAlertKind, now: Date): Promise<AlertChange | null> {
  const [row] = await tx
    .update(panelAlerts)
    .set({ active: false, clearedAt: now })
    .where(sql`${panelAlerts.kind} = ${kind} and ${panelAlerts.active}`)
    .returning({ episode: panelAlerts.episode, since: panelAlerts.since });
  return row ?? null;
}

/** The alerts raised now, with when their condition began. */
export function activeAlerts(db: DbOrTx): Promise<Array<{ kind: PanelAlertKind; since: Date }>> {
  return db.select({ kind: panelAlerts.kind, since: panelAlerts.since }).from(panelAlerts).where(eq(panelAlerts.active, true)).orderBy(panelAlerts.kind);
}
