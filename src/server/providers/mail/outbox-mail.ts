import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '#server/db/connect';
import { mailOutbox } from '#server/features/mail/schema';
import type { MailMessage, MailProvider } from './mail-provider';

/**
 * The demo mail provider (D7): with no SMTP server configured, every email is kept in
 * the mail_outbox table and its links are logged, so each one can still be followed.
 */
export function createOutboxMail(db: Db, logger?: FastifyBaseLogger): MailProvider {
  return {
    kind: 'outbox',
    async send(message: MailMessage) {
      await db.insert(mailOutbox).values({ to: message.to, subject: message.subject, text: message.text, html: message.html ?? null });
      const links = message.text.match(/https?:\/\/\S+/g) ?? [];
      logger?.info({ to: message.to, subject: message.subject, links }, 'mail kept in the outbox (demo mail, no SMTP_URL)');
    },
  };
}
