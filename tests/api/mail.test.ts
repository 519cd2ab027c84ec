import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyBaseLogger } from 'fastify';
import { mailOutbox } from '../../src/server/db/schema';
import { createOutboxMail } from '../../src/server/providers/mail/outbox-mail';
import { createSmtpMail } from '../../src/server/providers/mail/smtp-mail';
import { useTestApp } from '../support/test-app';

interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
}

describe('SMTP mail', () => {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  let url = '';

  beforeAll(async () => {
    server.listen(0, '127.0.0.1');
    await once(server.server, 'listening');
    url = `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('delivers a message to the SMTP server of SMTP_URL', async () => {
    const mail = createSmtpMail(url, 'StreamPlus <no-reply@streamplus.tv>');
    try {
      await mail.send({ to: 'buyer@example.com', subject: 'Your order SP-1-000001', text: 'Set your password: http://localhost:5000/setup/abc' });
    } finally {
      mail.close();
    }
    expect(received).toHaveLength(1);
    expect(received[0]).toMatchObject({ from: 'no-reply@streamplus.tv', to: ['buyer@example.com'] });
    expect(received[0]!.raw).toContain('Subject: Your order SP-1-000001');
    expect(received[0]!.raw).toContain('http://localhost:5000/setup/abc');
  });

  it('fails loudly when the SMTP server cannot be reached', async () => {
    const mail = createSmtpMail('smtp://127.0.0.1:1', 'StreamPlus <no-reply@streamplus.tv>');
    await expect(mail.send({ to: 'buyer@example.com', subject: 'x', text: 'y' })).rejects.toThrow();
    mail.close();
  });
});

describe('outbox mail', () => {
  const t = useTestApp();

  it('keeps the message in mail_outbox and logs its links', async () => {
    const logged: unknown[] = [];
    const logger = { info: (...args: unknown[]) => logged.push(args[0]) } as unknown as FastifyBaseLogger;
    const mail = createOutboxMail(t.database.db, logger);
    await mail.send({ to: 'buyer@example.com', subject: 'Set up your password', text: 'Open http://localhost:5000/setup/tok123 to continue.' });

    const rows = await t.database.db.select().from(mailOutbox);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ to: 'buyer@example.com', subject: 'Set up your password', html: null });
    expect(rows[0]!.text).toContain('http://localhost:5000/setup/tok123');
    expect(logged).toEqual([expect.objectContaining({ links: ['http://localhost:5000/setup/tok123'] })]);
  });

  it('is the mail provider of an app without SMTP_URL', () => {
    expect(t.app.services.mail.kind).toBe('outbox');
  });
});
