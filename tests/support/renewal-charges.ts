import { asc, eq } from 'drizzle-orm';
import { deviceCredentials, demoPaymentIntents, orders, renewalCharges } from '../../src/server/schema';
import type { TestApp } from './test-app';

export { DAY, mailsTo, subjectsTo, subscriptionRow } from './renewal-schedule';

/** Helpers of the automatic renewal tests: a pass as the job runs it, and the rows a test looks at. */

/** One renewal pass, then every job it started (provisioning, the confirmation email): what a pass and the workers do in a few seconds. */
export async function renewalSchedule(t: TestApp) {
  const outcomes = await t.services.renewalCharges.runPass();
  await t.services.jobs.drain();
  return outcomes;
}

/** The credentials of each device, as the customer's players know them. */
export async function credentialsOf(t: TestApp, subscriptionId: string) {
  const rows = await t.database.db
    .select({ username: deviceCredentials.xtreamUsername, password: deviceCredentials.xtreamPassword })
    .from(deviceCredentials)
    .where(eq(deviceCredentials.subscriptionId, subscriptionId))
    .orderBy(asc(deviceCredentials.deviceNumber));
  return rows;
}

export async function chargesOf(t: TestApp, subscriptionId: string) {
  return t.database.db.select().from(renewalCharges).where(eq(renewalCharges.subscriptionId, subscriptionId)).orderBy(asc(renewalCharges.periodEnd));
}

/** The renewal orders of a subscription, oldest first. */
export async function renewalOrdersOf(t: TestApp, subscriptionId: string) {
  return t.database.db.select().from(orders).where(eq(orders.renewsSubscriptionId, subscriptionId)).orderBy(asc(orders.createdAt));
}

/** The demo card network's PaymentIntents of an order: how many times it was asked to charge, and with what result. */
export async function demoIntentsOf(t: TestApp, orderId: string) {
  return t.database.db.select().from(demoPaymentIntents).where(eq(demoPaymentIntents.orderId, orderId));
}
