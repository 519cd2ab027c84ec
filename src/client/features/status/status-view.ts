import type { PublicIncident, StoreStatusAnswer } from '#contract/status';
import type { PanelState, StoreStatus } from '#domain/store-status';

/**
 * The status page's words (decision 0094), apart from React so they are tested without a DOM:
 * what each status means to a customer, each check's state, an incident's packages and times.
 */

export type Tone = 'success' | 'warning' | 'destructive';

export const STATUS_WORDS: Record<StoreStatus, { label: string; summary: string; tone: Tone }> = {
  operational: { label: 'Operational', summary: 'Everything is running: streams, sign-in and checkout.', tone: 'success' },
  degraded: { label: 'Degraded', summary: 'Part of the service has a problem. The incidents below say what and for whom.', tone: 'warning' },
  down: { label: 'Down', summary: 'The service is interrupted. We are working to bring it back.', tone: 'destructive' },
};

/** One line per part of the service the status is read from; a panel nobody watches is not shown. */
export function checkLines({ checks }: Pick<StoreStatusAnswer, 'checks'>): Array<{ name: string; state: string; tone: Tone }> {
  const store = checks.database === 'reachable' ? { state: 'Operational', tone: 'success' as const } : { state: 'Down', tone: 'destructive' as const };
  const panel: Record<PanelState, { state: string; tone: Tone } | null> = {
    reachable: { state: 'Operational', tone: 'success' },
    unreachable: { state: 'Down', tone: 'destructive' },
    stale: { state: 'Not confirmed lately', tone: 'warning' },
    not_watched: null,
  };
  const streams = panel[checks.panel];
  return [{ name: 'Store and accounts', ...store }, ...(streams ? [{ name: 'Streaming service', ...streams }] : [])];
}

/** What an incident affects, in words. */
export const affectsText = (incident: Pick<PublicIncident, 'packages'>) => (incident.packages ? incident.packages.map((pkg) => pkg.name).join(', ') : 'All packages');

/** A moment as the page's language and the reader's zone write it: 'Dec 3, 2026, 9:00 AM UTC'. */
export function readableTime(iso: string, locale: string | undefined, timeZone?: string): string {
  const parts = { year: 'numeric', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit', timeZoneName: 'short' } as const;
  return new Intl.DateTimeFormat(locale, { ...parts, ...(timeZone ? { timeZone } : {}) }).format(new Date(iso));
}

/** An incident's start and end, or 'ongoing'. */
export function incidentTimes(incident: Pick<PublicIncident, 'startedAt' | 'endedAt'>, locale: string | undefined, timeZone?: string): { started: string; ended: string } {
  return { started: readableTime(incident.startedAt, locale, timeZone), ended: incident.endedAt ? readableTime(incident.endedAt, locale, timeZone) : 'Ongoing' };
}
