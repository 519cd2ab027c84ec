import type { FastifyBaseLogger } from 'fastify';

import type { MailMessage, MailProvider } from './mail-provider';

/**
 * The demo mail provider (D7): with no SMTP server configured, every email is kept in the
 * mail_outbox table (features/mail writes each row as kept, docs/decisions/0028) and its
 * links are logged here, so each one can still be followed.
 */
export function createOutboxMail(logger?: FastifyBaseLogger): MailProvider {
  return {
    kind: 'outbox',
    send(message: MailMessage) {
      const links = message.text.match(/https?:\/\/\S+/g) ?? [];
      logger?.info({ to: message.to, subject: message.subject, links }, 'mail kept in the outbox (demo mail, no SMTP_URL)');
      return Promise.resolve();
    },
  };
}
