import type { AdminPanelView, PanelCheck } from '#contract/admin-panel';
import { CREDITS_ALERT_DAYS, creditsText, daysText, SALES_WINDOW_DAYS, UNREACHABLE_ALERT_MINUTES, type PanelAlertKind } from '#domain/panel-health';
import type { BadgeProps } from '../../../components/ui/badge';
import { count } from '../shared/admin-view';

/** What the Panel view writes of its figures (decision 0093), kept apart from the page so that it reads as rules. */

type Reachability = { label: string; variant: NonNullable<BadgeProps['variant']> };

/** The latest check as a badge: reachable green, unreachable red, grey before the first check. */
export function reachability(latest: PanelCheck | null): Reachability {
  if (!latest) return { label: 'Not checked yet', variant: 'secondary' };
  return latest.reachable ? { label: 'Reachable', variant: 'success' } : { label: 'Unreachable', variant: 'destructive' };
}

/** A latency as '120 ms'; 'No answers' for a percentile of no answered check. */
export const latencyText = (ms: number | null): string => (ms === null ? 'No answers' : `${count(ms)} ms`);

/** The hour's failed checks among its checks: '2 of 60 checks'. */
export const errorsText = ({ errors, checks }: AdminPanelView['lastHour']): string => `${count(errors)} of ${count(checks)} ${checks === 1 ? 'check' : 'checks'}`;

type Credits = NonNullable<AdminPanelView['credits']>;

/** How long the credits last at the last 7 days' sales. */
export function creditsLasting({ daysLeft }: Credits): string {
  if (daysLeft === null) return `No device was provisioned in the last ${SALES_WINDOW_DAYS} days: at that rate they do not run out.`;
  return `They last about ${daysText(daysLeft)} at the last ${SALES_WINDOW_DAYS} days' sales.`;
}

/** Where the rate comes from, as the store records it: one credit per device of each paid order whose lines were made. */
export function creditsRate({ devicesLast7Days, perDay }: Credits): string {
  const devices = `${count(devicesLast7Days)} ${devicesLast7Days === 1 ? 'device' : 'devices'}`;
  return `Credits a day = devices provisioned in the last ${SALES_WINDOW_DAYS} days (${devices}: new subscriptions, renewals and trials, one credit each) ÷ ${SALES_WINDOW_DAYS} = ${creditsText(perDay)}.`;
}

export const ALERT_NAMES: Record<PanelAlertKind, string> = {
  unreachable: `Unreachable for ${UNREACHABLE_ALERT_MINUTES} minutes or more`,
  credits_low: `Credits run out within ${CREDITS_ALERT_DAYS} days`,
};

/** What the alerts are and when they are sent, under the addresses they go to. */
export const ALERTS_RULE = `The owner is told once when the panel has been unreachable for ${UNREACHABLE_ALERT_MINUTES} minutes or its credits will run out within ${CREDITS_ALERT_DAYS} days, and once again when it recovers.`;
