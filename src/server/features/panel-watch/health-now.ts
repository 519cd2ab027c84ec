import type { DbOrTx } from '#server/db/connect';
import { failingSince, latestCheck } from './checks';

/** A check older than this says nothing of now: every instance has stopped checking (or none has started). */
const FRESH_MS = 5 * 60_000;

export interface PanelHealthNow {
  /** Whether the panel answered its latest check; null when no check was made in the last 5 minutes. */
  reachable: boolean | null;
  /** When that check was made; null with none in the last 5 minutes. */
  checkedAt: Date | null;
  /** When an unreachable panel stopped answering (the first failed check of the run, within the hour); null otherwise. */
  unreachableSince: Date | null;
}

/** The panel's state as its checks say it at `now` (decision 0093): for the store's status page. */
export async function panelHealthNow(db: DbOrTx, now: Date): Promise<PanelHealthNow> {
  const latest = await latestCheck(db, now);
  if (!latest || now.getTime() - latest.checkedAt.getTime() > FRESH_MS) return { reachable: null, checkedAt: null, unreachableSince: null };
  return {
    reachable: latest.reachable,
    checkedAt: latest.checkedAt,
    unreachableSince: latest.reachable ? null : await failingSince(db, now),
  };
}
