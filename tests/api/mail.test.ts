import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { FastifyBaseLogger } from 'fastify';
import { mailOutbox, orders, subscriptions } from '../../src/server/schema';
import { MAIL_JOBS } from '../../src/server/features/mail/index';
import { createOutboxMail } from '../../src/server/providers/mail/outbox-mail';
import { createSmtpMail } from '../../src/server/providers/mail/smtp-mail';
import { seededPackages } from '../support/checkout';
import { registerCustomer } from '../support/customers';
import { drainDuringOutage, orderJobStates, type Outage } from '../support/outage';
import { paidOrder } from '../support/paid-orders';
import { startSmtpStandIn, type ReceivedMail, type SmtpStandIn } from '../support/smtp-stand-in';
import { useTestApp, type TestApp } from '../support/test-app';

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

describe('the demo outbox (no SMTP_URL)', () => {
  const logged: unknown[] = [];
  const logger = { info: (details: unknown) => logged.push(details) } as unknown as FastifyBaseLogger;
  const t = useTestApp({}, { providers: () => ({ mail: createOutboxMail(logger) }) });

  it('keeps an email as the outbox row it writes, logs its links, and adds no delivery job', async () => {
    logged.length = 0;
    const message = { to: 'buyer@example.com', subject: 'Set up your password', text: 'Open http://localhost:5000/setup/tok123 to continue.' };
    expect(await t.services.mail.queue(t.database.db, message, { key: 'test:1' })).toBe(true);

    const rows = await t.database.db.select().from(mailOutbox);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ to: 'buyer@example.com', subject: 'Set up your password', html: null, dedupeKey: 'test:1', attempts: 0 });
    expect(rows[0]!.sentAt).toBeInstanceOf(Date);
    expect(rows[0]!.text).toContain('http://localhost:5000/setup/tok123');
    expect(logged).toEqual([expect.objectContaining({ links: ['http://localhost:5000/setup/tok123'] })]);
    expect(await mailJobs(t)).toEqual([]);
  });

  it('writes an email once per key, however often its cause runs', async () => {
    const message = { to: 'buyer@example.com', subject: 'Order Confirmation - SP-1-1', text: 'Thank you' };
    expect(await t.services.mail.queue(t.database.db, message, { key: 'order-confirmation:SP-1-1' })).toBe(true);
    expect(await t.services.mail.queue(t.database.db, message, { key: 'order-confirmation:SP-1-1' })).toBe(false);
    expect(await t.database.db.select().from(mailOutbox)).toHaveLength(1);
  });

  it('is the mail of an app without SMTP_URL', () => {
    expect(t.services.mail.kind).toBe('outbox');
  });
});

/** The delivery jobs in the queue (none while the queue is not even installed). */
async function mailJobs(t: TestApp) {
  const { rows: installed } = await t.database.executeSql(`select to_regclass('pgboss.job') is not null as "installed"`, []);
  if (!installed[0]!.installed) return [];
  const { rows } = await t.database.executeSql(`select data->>'mailId' as "mailId", state from pgboss.job where name = $1`, [MAIL_JOBS.deliver]);
  return rows;
}

const subjectOf = (mail: ReceivedMail) => mail.raw.match(/^Subject: (.*)$/m)?.[1];
const messageIdOf = (mail: ReceivedMail) => mail.raw.match(/^Message-ID: (.*)$/im)?.[1];

describe('delivery through SMTP', () => {
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
  const forgot = (email: string) => t.app.inject({ method: 'POST', url: '/api/forgot-password', payload: { email } });

  it.each(['error', 'hang'] as Outage[])('keeps the order paid and provisioned, and retries its emails until the server is back (%s): each sent once', async (outage) => {
    const { oneMonth } = await seededPackages(t.app);
    const order = await paidOrder(t, { packageId: oneMonth.id });

    await drainDuringOutage(t, smtp, outage);
    expect((await t.database.db.select().from(orders).where(eq(orders.id, order.id)))[0]!.paymentStatus).toBe('completed');
    // The order's own jobs only write its emails; their delivery is what waits for the server.
    expect(await orderJobStates(t, order.id)).toEqual([
      { name: 'order-confirmation-mail', state: 'completed' },
      { name: 'provision-order', state: 'completed' },
    ]);
    expect(await t.database.db.select().from(subscriptions).where(eq(subscriptions.orderId, order.id))).toHaveLength(1);
    expect((await mailJobs(t)).map((job) => job.state)).toEqual(['retry', 'retry']);
    expect(smtp.received).toEqual([]);

    await t.services.jobs.drain({ includeDelayed: true });
    expect((await mailJobs(t)).map((job) => job.state)).toEqual(['completed', 'completed']);
    const subjects = smtp.received.map(subjectOf).sort();
    expect(subjects).toEqual([`Order Confirmation - ${order.id}`, 'Set up your StreamPlus account']);
    for (const mail of smtp.received) expect(mail.to).toEqual([order.customerEmail]);
    for (const row of await t.database.db.select().from(mailOutbox)) {
      expect(row).toMatchObject({ attempts: 2, lastError: null });
      expect(row.sentAt).toBeInstanceOf(Date);
    }
  });

  it('delivers a password reset asked for while the server refused mail, once it is back, once', async () => {
    const { customer } = await registerCustomer(t.app);
    smtp.goDown('error');
    try {
      expect((await forgot(customer.email)).statusCode).toBe(200);
      await t.services.jobs.drain();
      expect(smtp.received).toEqual([]);
      const [row] = await t.database.db.select().from(mailOutbox);
      expect(row).toMatchObject({ sentAt: null, attempts: 1 });
      expect(row!.lastError).toContain('mail service unavailable');
    } finally {
      smtp.recover();
    }

    await t.services.jobs.drain({ includeDelayed: true });
    await t.services.jobs.drain({ includeDelayed: true });
    expect(smtp.received.map(subjectOf)).toEqual(['Reset your StreamPlus password']);
    expect(smtp.received[0]!.to).toEqual([customer.email]);
    // Its text is quoted-printable: long lines are broken with '=' at their end.
    expect(smtp.received[0]!.raw.replace(/=\r?\n/g, '')).toMatch(/\/setup\/[A-Za-z0-9_-]{43}\s/);
  });

  it('gives every attempt at an email the same Message-ID, and forgets a password link once it is sent', async () => {
    const { customer } = await registerCustomer(t.app);
    expect((await forgot(customer.email)).statusCode).toBe(200);
    await t.services.jobs.drain();
    const [row] = await t.database.db.select().from(mailOutbox);
    expect(messageIdOf(smtp.received[0]!)).toBe(`<${row!.id}@streamplus.tv>`);
    expect(row!.text).not.toMatch(/setup\//);
    expect(row!.text).toContain('[link removed once sent]');
  });

  it('has the sweep give an email whose delivery job is gone a new one', async () => {
    const message = { to: 'buyer@example.com', subject: 'Your streaming box has shipped - SP-1-1', text: 'On its way' };
    await t.services.mail.queue(t.database.db, message, { key: 'test:swept' });
    await t.database.executeSql(`delete from pgboss.job where name = $1`, [MAIL_JOBS.deliver]);
    await t.database.db.update(mailOutbox).set({ createdAt: new Date(Date.now() - 5 * 60_000) });

    await t.services.jobs.send(MAIL_JOBS.sweep, {});
    await t.services.jobs.drain();
    expect(smtp.received.map(subjectOf)).toEqual(['Your streaming box has shipped - SP-1-1']);
    await t.services.jobs.send(MAIL_JOBS.sweep, {});
    await t.services.jobs.drain();
    expect(smtp.received).toHaveLength(1);
  });
});
