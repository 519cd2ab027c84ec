import type { TicketStatus } from '#contract/support';

export const STATUS_BADGES: Record<TicketStatus, { label: string; tone: 'success' | 'warning' | 'secondary' }> = {
  open: { label: 'Open', tone: 'warning' },
  waiting: { label: 'Waiting for you', tone: 'success' },
  resolved: { label: 'Resolved', tone: 'secondary' },
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
