import type { PublicIncident, StoreStatusAnswer } from '#contract/status';
import type { PanelState, StoreStatus } from '#domain/store-status';
import { pageLocale, t } from '../../lib/i18n';

/**
 * The status page's words (decision 0094), apart from React so they are tested without a DOM:
 * what each status means to a customer, each check's state, an incident's packages and times,
 * in the page's language (decision 0106).
 */

export type Tone = 'success' | 'warning' | 'destructive';

/** Each status's tone; its words are `status.<status>.label` and `.summary`. */
const STATUS_TONES: Record<StoreStatus, Tone> = { operational: 'success', degraded: 'warning', down: 'destructive' };

export function statusWords(status: StoreStatus): { label: string; summary: string; tone: Tone } {
  return { label: t(`status.${status}.label`), summary: t(`status.${status}.summary`), tone: STATUS_TONES[status] };
}

/** One line per part of the service the status is read from; a panel nobody watches is not shown. */
export function checkLines({ checks }: Pick<StoreStatusAnswer, 'checks'>): Array<{ name: string; state: string; tone: Tone }> {
  const up = { state: t('status.check.operational'), tone: 'success' as const };
  const down = { state: t('status.check.down'), tone: 'destructive' as const };
  const store = checks.database === 'reachable' ? up : down;
  const panel: Record<PanelState, { state: string; tone: Tone } | null> = {
    reachable: up,
    unreachable: down,
    stale: { state: t('status.check.stale'), tone: 'warning' },
    not_watched: null,
  };
  const streams = panel[checks.panel];
  return [{ name: t('status.check.store'), ...store }, ...(streams ? [{ name: t('status.check.streams'), ...streams }] : [])];
}

/** What an incident affects, in words: its packages listed as the page's language lists them. */
export const affectsText = (incident: Pick<PublicIncident, 'packages'>) =>
  incident.packages ? new Intl.ListFormat(pageLocale(), { type: 'unit', style: 'short' }).format(incident.packages.map((pkg) => pkg.name)) : t('status.allPackages');

/** A moment as the page's language and the reader's zone write it: 'Dec 3, 2026, 9:00 AM UTC'. */
export function readableTime(iso: string, locale: string | undefined, timeZone?: string): string {
  const parts = { year: 'numeric', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit', timeZoneName: 'short' } as const;
  return new Intl.DateTimeFormat(locale, { ...parts, ...(timeZone ? { timeZone } : {}) }).format(new Date(iso));
}

/** An incident's start and end, or 'Ongoing'. */
export function incidentTimes(incident: Pick<PublicIncident, 'startedAt' | 'endedAt'>, locale: string | undefined, timeZone?: string): { started: string; ended: string } {
  return { started: readableTime(incident.startedAt, locale, timeZone), ended: incident.endedAt ? readableTime(incident.endedAt, locale, timeZone) : t('status.ongoing') };
}
