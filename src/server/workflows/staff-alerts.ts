import type { TicketSummary } from '#contract/support';

/**
 * What the staff are told as it happens (decision 0102). A new ticket is logged here and
 * toasted in the admin, whose inbox polls the support overview (as a paid order is); this
 * is the one call every new ticket goes through, where a chat alert (Telegram) joins later.
 */
export function createStaffAlerts({ logger }: { logger?: { info(details: object, message: string): void } | undefined }) {
  return {
    async newTicket(ticket: TicketSummary): Promise<void> {
      logger?.info({ ticketId: ticket.id, ticketNumber: ticket.number, category: ticket.category }, `new support ticket #${ticket.number}`);
    },
  };
}

export type StaffAlerts = ReturnType<typeof createStaffAlerts>;
