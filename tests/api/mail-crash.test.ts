import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../src/server/app';
import type { Services } from '../../src/server/services';
import { mailOutbox } from '../../src/server/schema';
import type { MailProvider } from '../../src/server/providers/mail/index';
import { createOutboxMail } from '../../src/server/providers/mail/outbox-mail';
import { createSmtpMail } from '../../src/server/providers/mail/smtp-mail';
import { seededPackages } from '../support/checkout';
import { crashable, type CrashableDatabase } from '../support/crashable-database';
import { paidOrder } from '../support/paid-orders';
import { startSmtpStandIn, type ReceivedMail, type SmtpStandIn } from '../support/smtp-stand-in';
import { buildAppWithServices, useTestApp, type TestApp } from '../support/test-app';

/**
 * A paid order's emails survive a crash at any statement of the work that writes and
 * delivers them (docs/decisions/0028): the process dies at statement n of the order's jobs,
 * for every n, and the store restarted on the same database ends with exactly one
 * confirmation and one setup link for the buyer. Through SMTP each is delivered once, or
 * twice with one Message-ID when the crash fell between a delivery and its mark.
 */

interface Process {
  app: App;
  services: Services;
  connection: CrashableDatabase;
}

/** Jobs held by a dead process are retried: pg-boss's maintenance does this once their liveness lapses (docs/decisions/0015). */
async function expireJobsOfTheDead(t: TestApp): Promise<void> {
  await t.database.executeSql(`update pgboss.job set state = 'retry', start_after = now() where state = 'active'`, []);
}

function crashTests(name: string, mailProvider: () => MailProvider, delivered?: () => SmtpStandIn) {
  describe(`a crash at every statement of a paid order's emails (${name})`, () => {
    const t = useTestApp({}, { providers: () => ({ mail: mailProvider() }) });
    const processes: App[] = [];

    async function start(): Promise<Process> {
      const connection = crashable(t.database);
      const { app, services } = await buildAppWithServices({ config: t.config, database: connection.database, clientDir: null, providers: { mail: mailProvider() } });
      await app.ready();
      await services.jobs.ready();
      processes.push(app);
      return { app, services, connection };
    }
    afterAll(async () => {
      for (const app of processes) await app.close().catch(() => {});
    });

    const emailsTo = async (to: string) =>
      (await t.database.db.select({ subject: mailOutbox.subject }).from(mailOutbox).where(eq(mailOutbox.to, to))).map((row) => row.subject).sort();

    it('leaves exactly one confirmation and one setup link per paid order, whatever statement the crash stopped', async () => {
      const { oneMonth } = await seededPackages(t.app);
      let current = await start();

      // A run without a crash counts the statements to crash at.
      const counting = await paidOrder({ ...t, app: current.app, services: current.services }, { packageId: oneMonth.id });
      current.connection.crashAt(Infinity);
      await current.services.jobs.drain();
      const steps = current.connection.counted.length;
      const firstDelivery = current.connection.counted.findIndex((text) => /^select .* from "mail_outbox"/.test(text)) + 1;
      expect(await emailsTo(counting.customerEmail)).toEqual([`Order Confirmation - ${counting.id}`, 'Set up your StreamPlus account']);
      expect(steps).toBeGreaterThan(5);

      for (let step = 1; step <= steps; step++) {
        const order = await paidOrder({ ...t, app: current.app, services: current.services }, { packageId: oneMonth.id });
        current.connection.crashAt(step);
        await current.services.jobs.drain().catch(() => {});
        const crashedOn = current.connection.crashedOn;
        expect(crashedOn, `step ${step} of ${steps}`).not.toBeNull();

        await expireJobsOfTheDead(t);
        const restarted = await start();
        await restarted.services.jobs.drain({ includeDelayed: true });
        current = restarted;

        const context = `crash at step ${step} of ${steps}: ${crashedOn!.slice(0, 100)}`;
        expect(await emailsTo(order.customerEmail), context).toEqual([`Order Confirmation - ${order.id}`, 'Set up your StreamPlus account']);
        if (delivered) {
          const copies = delivered().received.filter((mail) => mail.to.includes(order.customerEmail));
          const bySubject = new Map<string, ReceivedMail[]>();
          for (const mail of copies) {
            const subject = mail.raw.match(/^Subject: (.*)$/m)![1]!;
            bySubject.set(subject, [...(bySubject.get(subject) ?? []), mail]);
          }
          expect([...bySubject.keys()].sort(), context).toEqual([`Order Confirmation - ${order.id}`, 'Set up your StreamPlus account']);
          for (const same of bySubject.values()) expect(new Set(same.map((mail) => mail.raw.match(/^Message-ID: (.*)$/im)![1])).size, context).toBe(1);
          // A second copy only when the crash fell while a delivery was between the SMTP
          // server taking the email and its row being marked (deliveries run side by side).
          const most = Math.max(...[...bySubject.values()].map((same) => same.length));
          expect(most, context).toBeLessThanOrEqual(step < firstDelivery ? 1 : 2);
        }
      }
    }, 600_000);
  });
}

crashTests('the demo outbox', () => createOutboxMail());

let smtp: SmtpStandIn;
beforeAll(async () => {
  smtp = await startSmtpStandIn();
});
afterAll(() => smtp?.close());
crashTests('SMTP', () => createSmtpMail(smtp.url, 'StreamPlus <no-reply@streamplus.tv>'), () => smtp);
