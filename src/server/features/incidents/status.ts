import type { StoreStatusAnswer } from '#contract/status';
import { ENDED_INCIDENTS_SHOWN_DAYS, panelState, storeStatus, type PanelHealth } from '#domain/store-status';
import type { Db } from '#server/db/connect';
import { isDatabaseUnavailable } from '#server/db/outage';
import type { Clock } from '#server/lib/clock';
import { incidentsShownSince, type IncidentRow } from './incidents';
import { publicIncident } from './views';

const DAY_MS = 24 * 60 * 60_000;
/** Incidents on the page at most: open ones first by their start, then the ended ones. */
const INCIDENTS_SHOWN = 20;
/**
 * One answer serves this long on an instance: in an outage many customers open the page at
 * once, and each would otherwise read the database the outage may be about. An incident
 * posted or ended on this instance shows at once (`forget`); on another, within this time.
 */
const STATUS_KEPT_MS = 10_000;

export interface StoreStatusDeps {
  db: Db;
  clock: Clock;
  /**
   * The panel checks' last result (another feature's; services.ts wires it). A panel that
   * nobody watches answers `{ reachable: null }`, and the status goes by the rest.
   */
  panelHealth: () => Promise<PanelHealth>;
  /** How long one answer serves (STATUS_KEPT_MS); tests that change the facts between calls pass 0. */
  keptMs?: number;
}

/**
 * The public status (decision 0094): Operational, Degraded or Down, from the store's own
 * database, the panel's checks and the incidents open now, with the incidents the page lists.
 * The database is checked by reading those incidents: a database that cannot be reached makes
 * the store down, and the answer still comes, without incidents, rather than a 503.
 */
export function createStoreStatus({ db, clock, panelHealth, keptMs = STATUS_KEPT_MS }: StoreStatusDeps) {
  let kept: { until: number; answer: Promise<StoreStatusAnswer> } | null = null;

  async function incidentsNow(now: Date): Promise<IncidentRow[] | null> {
    try {
      return await incidentsShownSince(db, new Date(now.getTime() - ENDED_INCIDENTS_SHOWN_DAYS * DAY_MS), INCIDENTS_SHOWN);
    } catch (error) {
      // Only an unreachable database is an outage; any other failure is a bug, answered as one.
      if (isDatabaseUnavailable(error)) return null;
      throw error;
    }
  }

  async function compute(now: Date): Promise<StoreStatusAnswer> {
    const [rows, panel] = await Promise.all([
      incidentsNow(now),
      // Checks that cannot be read say nothing of the panel: stale, not down.
      panelHealth().catch((): PanelHealth => ({ reachable: null, checkedAt: new Date(0) })),
    ]);
    const incidents = rows ?? [];
    const panelNow = panelState(panel, now);
    const openIncidents = incidents.filter((row) => row.endedAt === null);
    const ended = incidents.filter((row) => row.endedAt !== null);
    return {
      status: storeStatus({ databaseReachable: rows !== null, panel: panelNow, openIncidents: openIncidents.length }),
      checks: { database: rows === null ? 'unreachable' : 'reachable', panel: panelNow },
      checkedAt: now.toISOString(),
      incidents: [...openIncidents, ...ended].map(publicIncident),
    };
  }

  return {
    /** The status now, or as computed less than STATUS_KEPT_MS ago on this instance. */
    current(): Promise<StoreStatusAnswer> {
      const now = clock.now();
      if (kept && now.getTime() < kept.until) return kept.answer;
      const answer = compute(now);
      kept = { until: now.getTime() + keptMs, answer };
      // A failure is not kept: the next call tries again.
      answer.catch(() => {
        if (kept?.answer === answer) kept = null;
      });
      return answer;
    },
    /** An incident changed on this instance: the next answer reads it. */
    forget(): void {
      kept = null;
    },
  };
}

export type StoreStatusService = ReturnType<typeof createStoreStatus>;
