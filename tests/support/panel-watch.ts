import { asc, eq } from 'drizzle-orm';
import { TRIAL_PACKAGE_ID } from '../../src/domain/catalog';
import { mailOutbox, orders, panelChecks } from '../../src/server/schema';
import type { Database } from '../../src/server/db/connect';
import type { TestApp } from './test-app';

/** A store's database, of a test app or of one of several instances. */
type WithDatabase = { database: Pick<Database, 'db'> };

/** The panel watch's tests: the owner's address, sales as the store records them, checks as rows. */

export const OWNER_EMAIL = 'owner@streamplus.example';

export const MINUTE = 60_000;
export const DAY = 24 * 60 * MINUTE;

let counter = 0;

export interface Sale {
  devices: number;
  paidAt: Date;
  /** The order's lines were made (fulfilled_at); true unless said. */
  provisioned?: boolean;
  status?: 'completed' | 'refunded';
}

/** Paid orders as the store keeps them once provisioned: the credits' rate is read from these. */
export async function recordSales(t: TestApp, sales: Sale[]): Promise<void> {
  for (const sale of sales) {
    counter += 1;
    await t.database.db.insert(orders).values({
      id: `SP-${sale.paidAt.getTime()}-${String(500000 + counter).slice(-6)}`,
      customerName: 'Grace Hopper',
      customerEmail: `sale${counter}@example.com`,
      // A seeded package (the orders' foreign key); the sale's devices are what count.
      packageId: TRIAL_PACKAGE_ID,
      paymentMethod: 'card',
      paymentStatus: sale.status ?? 'completed',
      deviceCount: String(sale.devices),
      subtotalAmount: '15.99',
      totalAmount: '15.99',
      paidAt: sale.paidAt,
      fulfilledAt: sale.provisioned === false ? null : sale.paidAt,
    });
  }
}

export interface SeededCheck {
  minute: Date;
  reachable: boolean;
  latencyMs: number;
  error?: string;
  credits?: number;
}

/** Checks written as the watch records them, one per minute. */
export async function seedChecks(t: TestApp, checks: SeededCheck[]): Promise<void> {
  await t.database.db.insert(panelChecks).values(
    checks.map((check) => ({
      minute: check.minute,
      checkedAt: check.minute,
      reachable: check.reachable,
      latencyMs: check.latencyMs,
      error: check.error ?? null,
      credits: check.credits ?? null,
    })),
  );
}

/** The subjects of the emails written to `to`, oldest first. */
export async function subjectsTo(t: WithDatabase, to: string): Promise<string[]> {
  const rows = await t.database.db.select({ subject: mailOutbox.subject }).from(mailOutbox).where(eq(mailOutbox.to, to)).orderBy(asc(mailOutbox.createdAt), asc(mailOutbox.id));
  return rows.map((row) => row.subject);
}

/** The checks recorded, oldest first. */
export function recordedChecks(t: WithDatabase) {
  return t.database.db.select().from(panelChecks).orderBy(asc(panelChecks.minute));
}
