import type { TicketStatus } from '#contract/support';

/** Each status as its customer reads it (the key of its words) and its badge's tone. */
export const STATUS_BADGES: Record<TicketStatus, { key: string; tone: 'success' | 'warning' | 'secondary' }> = {
  open: { key: 'support.status.open', tone: 'warning' },
  waiting: { key: 'support.status.waiting', tone: 'success' },
  resolved: { key: 'support.status.resolved', tone: 'secondary' },
};

/** The staff's words for the same statuses. */
export const STAFF_STATUS_LABELS: Record<TicketStatus, string> = { open: 'Open', waiting: 'Waiting for the customer', resolved: 'Resolved' };

/** '5 min', '3 h 20 min', '2 d 4 h': how long since a moment, for the inbox clock. */
export function elapsed(fromIso: string, now: number): string {
  const minutes = Math.max(0, Math.floor((now - Date.parse(fromIso)) / 60_000));
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours} h ${minutes % 60} min`;
  return `${Math.floor(hours / 24)} d ${hours % 24} h`;
}

/** Whether an open ticket's clock is past the owner's target. */
export const pastTarget = (fromIso: string, targetMinutes: number, now: number) => now - Date.parse(fromIso) > targetMinutes * 60_000;
