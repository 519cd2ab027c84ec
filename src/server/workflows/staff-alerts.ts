import type { TicketSummary } from '#contract/support';
import type { Db } from '#server/db/connect';
import type { TelegramAlerts } from './telegram';

interface StaffAlertsDeps {
  db: Db;
  /** The staff chat (decision 0103); it writes nothing without one. */
  telegram: Pick<TelegramAlerts, 'newTicket'>;
  logger?: { info(details: object, message: string): void; error(details: object, message: string): void } | undefined;
}

/**
 * What the staff are told as it happens (decision 0102). A new ticket is logged, posted to
 * the staff's Telegram chat (decision 0103) and toasted in the admin, whose inbox polls the
 * support overview (as a paid order is). The ticket is already stored: a chat alert that
 * cannot be written is logged and never refuses it; its key makes a second call a no-op.
 */
export function createStaffAlerts({ db, telegram, logger }: StaffAlertsDeps) {
  return {
    async newTicket(ticket: TicketSummary): Promise<void> {
      logger?.info({ ticketId: ticket.id, ticketNumber: ticket.number, category: ticket.category }, `new support ticket #${ticket.number}`);
      try {
        await telegram.newTicket(db, { id: ticket.id, number: ticket.number, subject: ticket.subject, category: ticket.category, email: ticket.email });
      } catch (error) {
        logger?.error({ err: error, ticketId: ticket.id }, 'the new ticket could not be sent to the staff chat');
      }
    },
  };
}

export type StaffAlerts = ReturnType<typeof createStaffAlerts>;
