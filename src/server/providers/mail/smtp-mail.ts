import nodemailer from 'nodemailer';
import type { MailMessage, MailProvider } from './mail-provider';

/**
 * How long a send waits on the SMTP server (decision 0016). nodemailer's defaults (2 minutes
 * to connect, 10 minutes of silence) would hold a mail job far past its own limit; a send
 * that times out fails its job, which is retried later.
 */
export const SMTP_TIMEOUTS_MS = { connection: 10_000, greeting: 10_000, socket: 30_000 };

/** The domain of the sender's address, which a Message-ID ends with (RFC 5322). */
function domainOf(from: string): string {
  return /@([^>\s]+)>?\s*$/.exec(from)?.[1] ?? 'localhost';
}

/** Sends through the SMTP server of SMTP_URL (smtp://user:pass@host:port or smtps://...). */
export function createSmtpMail(smtpUrl: string, from: string, timeoutsMs = SMTP_TIMEOUTS_MS): MailProvider & { close(): void } {
  const transport = nodemailer.createTransport({
    url: smtpUrl,
    connectionTimeout: timeoutsMs.connection,
    greetingTimeout: timeoutsMs.greeting,
    socketTimeout: timeoutsMs.socket,
  });
  return {
    kind: 'smtp',
    async send(message: MailMessage, id?: string) {
      const messageId = id ? `<${id}@${domainOf(from)}>` : undefined;
      const { to, subject, text, html, headers } = message;
      // With html, nodemailer sends multipart/alternative: the text part first, as RFC 2046 orders them.
      await transport.sendMail({ from, to, subject, text, html, headers, messageId });
    },
    close: () => transport.close(),
  };
}
