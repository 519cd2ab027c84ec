import type { AdminIncident } from '#contract/admin-incidents';
import { COMPENSATION_DAYS } from '#domain/store-status';

/**
 * The Incidents section's words and rules (decision 0094), apart from React so they are
 * tested without a DOM.
 */

/** What an incident affects, in words. */
export const affectsText = (incident: Pick<AdminIncident, 'packages'>) => (incident.packages ? incident.packages.map((pkg) => pkg.name).join(', ') : 'All packages');

/** The incident's state as its badge says it. */
export function incidentState(incident: Pick<AdminIncident, 'endedAt' | 'compensation'>): { label: string; variant: 'warning' | 'secondary' | 'success' } {
  if (!incident.endedAt) return { label: 'Ongoing', variant: 'warning' };
  return incident.compensation ? { label: 'Compensated', variant: 'success' } : { label: 'Ended', variant: 'secondary' };
}

/** The days typed in the compensation's field: a whole number in the allowed range, else the reason it is not. */
export function parseCompensationDays(typed: string): { days: number } | { error: string } {
  const days = Number(typed.trim());
  if (typed.trim() === '' || !Number.isInteger(days) || days < COMPENSATION_DAYS.min || days > COMPENSATION_DAYS.max) {
    return { error: `Enter a whole number of days from ${COMPENSATION_DAYS.min} to ${COMPENSATION_DAYS.max}.` };
  }
  return { days };
}

/** The compensation button's words: 'Compensate 3 days'. */
export const compensateLabel = (days: number | null) => (days === null ? 'Compensate' : `Compensate ${days} ${days === 1 ? 'day' : 'days'}`);
