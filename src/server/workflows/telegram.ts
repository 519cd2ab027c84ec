import type { Db, DbOrTx } from '#server/db/connect';
import { findAccountByEmail } from '#server/features/accounts/index';
import type { Mail } from '#server/features/mail/index';
import type { Telegram } from '#server/features/telegram/index';
import { inTransaction } from '#server/db/in-transaction';

/**
 * The emails a customer with a linked chat also gets in Telegram (decision 0103), by their
 * outbox key's beginning: the renewal reminders and notices (renewal-<milestone>:,
 * package-retired:), the renewal results (renewal-receipt:, renewal-declined:,
 * renewal-confirm:, renewal-skipped:, grace-suspended:, auto-renew-off:) and the support
 * tickets' replies and resolutions (ticket-reply:, ticket-resolved:).
 */
export const TELEGRAM_MIRRORED_EMAILS = [
  'renewal-',
  'package-retired:',
  'grace-suspended:',
  'auto-renew-off:',
  'ticket-reply:',
  'ticket-resolved:',
] as const;

/** Telegram's longest message, in characters. */
const TELEGRAM_MAX_TEXT = 4096;

/** Escapes a value for Telegram's HTML parse mode: the three characters it reads as markup. */
export const escapeTelegramHtml = (value: string) => value.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

/**
 * The mail service with its mirrored emails copied to Telegram: the Telegram message is
 * written in the email's transaction, only when the email was (its key new, its cause
 * applied, its customer not unsubscribed), under the email's key. Plain text, so nothing a
 * customer typed can be read as markup.
 */
export function mirrorEmailsToTelegram<M extends Pick<Mail, 'queue'>>(mail: M, { db, telegram }: { db: Db; telegram: Pick<Telegram, 'enabled' | 'queueToCustomer'> }): M {
  if (!telegram.enabled) return mail;
  const queue: Mail['queue'] = (tx, email, options) => {
    if (!TELEGRAM_MIRRORED_EMAILS.some((prefix) => options.key.startsWith(prefix))) return mail.queue(tx, email, options);
    return inTransaction(db, tx, async (inTx) => {
      const written = await mail.queue(inTx, email, options);
      const customer = written ? await findAccountByEmail(inTx, email.to) : null;
      if (customer) await telegram.queueToCustomer(inTx, customer.id, { text: `${email.subject}\n\n${email.text}`.slice(0, TELEGRAM_MAX_TEXT), key: options.key });
      return written;
    });
  };
  return { ...mail, queue };
}

/**
 * The staff chat's alerts (decision 0103), in Telegram HTML with every value escaped. Each
 * is written in the transaction of its cause; without a staff chat they write nothing.
 */
export function createTelegramAlerts({ telegram, publicUrl }: { telegram: Pick<Telegram, 'queueToStaff'>; publicUrl: string }) {
  const admin = `${publicUrl.replace(/\/+$/, '')}/admin`;
  return {
    /** Any alert: `html` already escaped by its caller, `key` unique to what it reports. */
    telegramStaffAlert: (tx: DbOrTx, alert: { key: string; html: string }) => telegram.queueToStaff(tx, { text: alert.html, html: true, key: alert.key }),

    /** A new support ticket, for the tickets workflow's staff alerts (workflows/staff-alerts.ts). */
    newTicket: (tx: DbOrTx, ticket: { id: string; number: string | number; subject: string; category: string; email: string }) =>
      telegram.queueToStaff(tx, {
        html: true,
        key: `ticket-new:${ticket.id}`,
        text: [
          `<b>New ticket #${escapeTelegramHtml(String(ticket.number))}</b> (${escapeTelegramHtml(ticket.category)})`,
          escapeTelegramHtml(ticket.subject),
          `From ${escapeTelegramHtml(ticket.email)}`,
          `${admin}?tab=support`,
        ].join('\n'),
      }),

    /** A paid order whose provisioning ran out of attempts (features/orders' recordProvisioningFailure). */
    provisioningFailed: (tx: DbOrTx, failure: { orderId: string; attempts: number; error: string; at: Date }) =>
      telegram.queueToStaff(tx, {
        html: true,
        key: `provisioning-failed:${failure.orderId}:${failure.at.toISOString()}`,
        text: [
          `<b>Provisioning failed</b> after ${failure.attempts} attempts`,
          `Order ${escapeTelegramHtml(failure.orderId)}`,
          escapeTelegramHtml(failure.error).slice(0, 1000),
          `${admin}?tab=orders`,
        ].join('\n'),
      }),
  };
}

export type TelegramAlerts = ReturnType<typeof createTelegramAlerts>;
