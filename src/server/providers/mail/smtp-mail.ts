import nodemailer from 'nodemailer';
import type { MailMessage, MailProvider } from './mail-provider';

/** Sends through the SMTP server of SMTP_URL (smtp://user:pass@host:port or smtps://...). */
export function createSmtpMail(smtpUrl: string, from: string): MailProvider & { close(): void } {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    kind: 'smtp',
    async send(message: MailMessage) {
      await transport.sendMail({ from, to: message.to, subject: message.subject, text: message.text, html: message.html });
    },
    close: () => transport.close(),
  };
}
