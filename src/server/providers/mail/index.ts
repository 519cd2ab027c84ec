import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '#server/config';
import type { MailProvider } from './mail-provider';
import { createOutboxMail } from './outbox-mail';
import { createSmtpMail } from './smtp-mail';

export type { MailMessage, MailProvider } from './mail-provider';

/** SMTP when SMTP_URL is set, the outbox otherwise. */
export function selectMailProvider(config: Config, logger?: FastifyBaseLogger): MailProvider {
  return config.SMTP_URL ? createSmtpMail(config.SMTP_URL, config.MAIL_FROM) : createOutboxMail(logger);
}
