import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { FastifyBaseLogger } from 'fastify';
import { mailOutbox, orders, subscriptions } from '../../src/server/schema';
import { createOutboxMail } from '../../src/server/providers/mail/outbox-mail';
import { createSmtpMail } from '../../src/server/providers/mail/smtp-mail';
import { seededPackages } from '../support/checkout';
import { drainDuringOutage, orderJobStates, type Outage } from '../support/outage';
import { paidOrder } from '../support/paid-orders';
import { startSmtpStandIn, type SmtpStandIn } from '../support/smtp-stand-in';
import { useTestApp } from '../support/test-app';

describe('SMTP mail', () => {
  let smtp: SmtpStandIn;
  let url = '';
  beforeAll(async () => {
    smtp = await startSmtpStandIn();
    url = smtp.url;
  });
  afterAll(() => smtp.close());
  const received = () => smtp.received;

  it('delivers a message to the SMTP server of SMTP_URL', async () => {
    const mail = createSmtpMail(url, 'StreamPlus <no-reply@streamplus.tv>');
    try {
      await mail.send({ to: 'buyer@example.com', subject: 'Your order SP-1-000001', text: 'Set your password: http://localhost:5000/setup/abc' });
    } finally {
      mail.close();
    }
    expect(received()).toHaveLength(1);
    expect(received()[0]).toMatchObject({ from: 'no-reply@streamplus.tv', to: ['buyer@example.com'] });
    expect(received()[0]!.raw).toContain('Subject: Your order SP-1-000001');
    expect(received()[0]!.raw).toContain('http://localhost:5000/setup/abc');
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

describe('an SMTP outage', () => {
  let smtp: SmtpStandIn;
  beforeAll(async () => {
    smtp = await startSmtpStandIn();
  });
  afterAll(() => smtp.close());
  beforeEach(() => {
    smtp.received.length = 0;
  });
  // Short timeouts, so the tests of a silent server end quickly.
  const t = useTestApp({}, { providers: () => ({ mail: createSmtpMail(smtp.url, 'StreamPlus <no-reply@streamplus.tv>', { connection: 1_000, greeting: 1_000, socket: 2_000 }) }) });

  it.each(['error', 'hang'] as Outage[])('keeps the order paid and retries its emails until the server is back (%s): each sent once', async (outage) => {
    const { oneMonth } = await seededPackages(t.app);
    const order = await paidOrder(t, { packageId: oneMonth.id });

    await drainDuringOutage(t, smtp, outage);
    expect((await t.database.db.select().from(orders).where(eq(orders.id, order.id)))[0]!.paymentStatus).toBe('completed');
    expect(await orderJobStates(t, order.id)).toEqual([
      { name: 'order-confirmation-mail', state: 'retry' },
      { name: 'provision-order', state: 'retry' },
    ]);
    expect(smtp.received).toEqual([]);

    await t.app.services.jobs.drain({ includeDelayed: true });
    expect(await orderJobStates(t, order.id)).toEqual([
      { name: 'order-confirmation-mail', state: 'completed' },
      { name: 'provision-order', state: 'completed' },
    ]);
    expect(await t.database.db.select().from(subscriptions).where(eq(subscriptions.orderId, order.id))).toHaveLength(1);
    const subjects = smtp.received.map((mail) => mail.raw.match(/^Subject: (.*)$/m)?.[1]).sort();
    expect(subjects).toEqual([`Order Confirmation - ${order.id}`, 'Set up your StreamPlus account']);
    for (const mail of smtp.received) expect(mail.to).toEqual([order.customerEmail]);
  });
});
