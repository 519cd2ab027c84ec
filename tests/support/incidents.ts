import { and, asc, eq, inArray, like } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import type { App } from '../../src/server/app';
import type { Db } from '../../src/server/db/connect';
import { auditLog, deviceCredentials, mailOutbox, subscriptions } from '../../src/server/schema';
import { paidOrder, type TestOrderOptions } from './paid-orders';
import type { TestApp } from './test-app';

/** Incident helpers for API tests (decision 0094): the admin's calls, and what they leave in the database. */

export interface IncidentAnswer {
  message: string;
  incident: {
    id: string;
    title: string;
    packages: Array<{ id: string; name: string }> | null;
    startedAt: string;
    endedAt: string | null;
    notifiedCustomers: number | null;
    compensation: { days: number; by: string; subscriptions: number; customers: number; panelPending: number } | null;
    compensationOffered: boolean;
    suggestedDays: number;
  };
}

type Admin = { asid: string };

export const postIncident = (app: App, admin: Admin, payload: Record<string, unknown>) => app.inject({ method: 'POST', url: '/api/admin/incidents', cookies: admin, payload });

export const endIncident = (app: App, admin: Admin, id: string, endedAt: Date | string) =>
  app.inject({ method: 'PATCH', url: `/api/admin/incidents/${id}`, cookies: admin, payload: { endedAt: typeof endedAt === 'string' ? endedAt : endedAt.toISOString() } });

export const compensate = (app: App, admin: Admin, id: string, days: unknown) =>
  app.inject({ method: 'POST', url: `/api/admin/incidents/${id}/compensate`, cookies: admin, payload: { days } });

export const incidentDetail = async (app: App, admin: Admin, id: string) => {
  const response = await app.inject({ method: 'GET', url: `/api/admin/incidents/${id}`, cookies: admin });
  if (response.statusCode !== 200) throw new Error(`incident ${id}: ${response.statusCode} ${response.body}`);
  return response.json<IncidentAnswer['incident']>();
};

export function answerOf(response: LightMyRequestResponse, status: number): IncidentAnswer {
  if (response.statusCode !== status) throw new Error(`expected ${status}, got ${response.statusCode}: ${response.body}`);
  return response.json<IncidentAnswer>();
}

/** A paid order provisioned through its jobs: the subscription it started. */
export async function boughtSubscription(t: TestApp, options: TestOrderOptions) {
  const order = await paidOrder(t, options);
  await t.services.jobs.drain();
  const [row] = await t.database.db.select().from(subscriptions).where(eq(subscriptions.orderId, order.id));
  if (!row) throw new Error(`order ${order.id} started no subscription`);
  return row;
}

export async function expiriesOf(db: Db, ids: string[]): Promise<Map<string, Date>> {
  const rows = await db.select({ id: subscriptions.id, expirationDate: subscriptions.expirationDate }).from(subscriptions).where(inArray(subscriptions.id, ids));
  return new Map(rows.map((row) => [row.id, row.expirationDate]));
}

/** The panel line ids of these subscriptions' devices. */
export async function panelLinesOf(db: Db, subscriptionIds: string[]): Promise<Array<{ subscriptionId: string; lineId: string }>> {
  const rows = await db
    .select({ subscriptionId: deviceCredentials.subscriptionId, lineId: deviceCredentials.panelLineId })
    .from(deviceCredentials)
    .where(inArray(deviceCredentials.subscriptionId, subscriptionIds))
    .orderBy(asc(deviceCredentials.subscriptionId), asc(deviceCredentials.deviceNumber));
  return rows.map((row) => ({ subscriptionId: row.subscriptionId, lineId: row.lineId! }));
}

/** The emails whose key starts with `prefix` (incident-notice:, incident-compensation:), oldest first. */
export const mailsKeyed = (db: Db, prefix: string) => db.select().from(mailOutbox).where(like(mailOutbox.dedupeKey, `${prefix}%`)).orderBy(asc(mailOutbox.createdAt));

export const auditRowsOf = (db: Db, action: 'incident.post' | 'incident.end' | 'incident.compensate', incidentId: string) =>
  db.select().from(auditLog).where(and(eq(auditLog.action, action), eq(auditLog.targetId, incidentId)));

export const unixSeconds = (date: Date) => Math.floor(date.getTime() / 1000);
export const DAY_MS = 24 * 60 * 60_000;
