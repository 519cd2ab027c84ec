/**
 * What the public status page says of the store (decision 0094), from its own health, the
 * panel's checks and the incidents its owner has open. Pure: the facts come from the caller.
 */

export const STORE_STATUSES = ['operational', 'degraded', 'down'] as const;
export type StoreStatus = (typeof STORE_STATUSES)[number];

/**
 * The panel as its checks last saw it: answering, not answering, checked too long ago to
 * say, or not watched at all (no panel, or no checks recorded by any instance).
 */
export const PANEL_STATES = ['reachable', 'unreachable', 'stale', 'not_watched'] as const;
export type PanelState = (typeof PANEL_STATES)[number];

/** Every instance checks the panel each minute: a last check older than five minutes means the checks stopped. */
export const PANEL_CHECK_STALE_MS = 5 * 60_000;

/** The panel checks' last result: `reachable` null with no `checkedAt` says that nobody watches the panel. */
export interface PanelHealth {
  reachable: boolean | null;
  checkedAt?: Date | null;
}

export function panelState({ reachable, checkedAt = null }: PanelHealth, now: Date): PanelState {
  if (reachable === null && checkedAt === null) return 'not_watched';
  // A check whose answer is unknown, or one too old to trust, whatever it said.
  if (reachable === null || (checkedAt && now.getTime() - checkedAt.getTime() > PANEL_CHECK_STALE_MS)) return 'stale';
  return reachable ? 'reachable' : 'unreachable';
}

export interface StatusFacts {
  databaseReachable: boolean;
  panel: PanelState;
  openIncidents: number;
}

/**
 * Down when a customer cannot be served at all: the store's database or the panel that runs
 * their lines does not answer. Degraded when the owner says something is wrong (an incident
 * still open) or the store cannot tell how the panel is (its checks stopped). Operational
 * otherwise; a panel nobody watches leaves the store's own health and the incidents to decide.
 */
export function storeStatus({ databaseReachable, panel, openIncidents }: StatusFacts): StoreStatus {
  if (!databaseReachable || panel === 'unreachable') return 'down';
  if (openIncidents > 0 || panel === 'stale') return 'degraded';
  return 'operational';
}

/** How long after an incident ended the status page still lists it. */
export const ENDED_INCIDENTS_SHOWN_DAYS = 7;

/** An incident that lasted longer than this is offered a compensation when it is closed. */
export const COMPENSATION_OFFERED_AFTER_MS = 60 * 60_000;

/** The days a compensation may add to each affected subscription. */
export const COMPENSATION_DAYS = { min: 1, max: 30 } as const;

/** Whether closing the incident offers "Compensate N days": it lasted over an hour and was not compensated yet. */
export function compensationOffered(incident: { startedAt: Date; endedAt: Date | null; compensated: boolean }): boolean {
  if (!incident.endedAt || incident.compensated) return false;
  return incident.endedAt.getTime() - incident.startedAt.getTime() > COMPENSATION_OFFERED_AFTER_MS;
}

/** The days a compensation suggests: one per started day of the incident, within the allowed range. */
export function suggestedCompensationDays(startedAt: Date, endedAt: Date): number {
  const days = Math.ceil((endedAt.getTime() - startedAt.getTime()) / (24 * 60 * 60_000));
  return Math.min(COMPENSATION_DAYS.max, Math.max(COMPENSATION_DAYS.min, days));
}
