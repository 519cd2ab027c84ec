import { and, eq, gt } from 'drizzle-orm';
import { mailOutbox, subscriptions } from '../../src/server/schema';
import { seededPackages } from './checkout';
import { registerCustomer } from './customers';
import { paidOrder, type TestOrderOptions } from './paid-orders';
import type { TestApp } from './test-app';

/** Helpers of the renewal tests: a subscriber, the pass run as time moves, the emails it wrote. */

export const HOUR = 3_600_000;
export const DAY = 24 * HOUR;

/** A signed-in customer with a paid, provisioned subscription (1 Month Premium unless told). */
export async function subscriber(t: TestApp, options: Partial<TestOrderOptions> = {}) {
  const signedIn = await registerCustomer(t.app);
  const packageId = options.packageId ?? (await seededPackages(t.app)).oneMonth.id;
  const order = await paidOrder(t, { ...options, packageId, customerId: signedIn.customer.id, email: signedIn.customer.email });
  await t.services.jobs.drain();
  return { ...signedIn, order, subscription: await subscriptionOfOrder(t, order.id) };
}

export async function subscriptionOfOrder(t: TestApp, orderId: string) {
  const [row] = await t.database.db.select().from(subscriptions).where(eq(subscriptions.orderId, orderId));
  if (!row) throw new Error(`order ${orderId} has no subscription`);
  return row;
}

export async function subscriptionRow(t: TestApp, id: string) {
  const [row] = await t.database.db.select().from(subscriptions).where(eq(subscriptions.id, id));
  return row!;
}

/** The emails written to `to`, oldest first. */
export async function mailsTo(t: TestApp, to: string, since = new Date(0)) {
  const rows = await t.database.db.select().from(mailOutbox).where(and(eq(mailOutbox.to, to), gt(mailOutbox.createdAt, since)));
  return rows.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.id.localeCompare(b.id));
}

export const subjectsTo = async (t: TestApp, to: string) => (await mailsTo(t, to)).map((mail) => mail.subject);

/** The 'YYYY-MM-DD' of an instant, as the timelines write days. */
export const dayOf = (date: Date) => date.toISOString().slice(0, 10);
