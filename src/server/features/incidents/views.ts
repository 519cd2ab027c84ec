import type { AdminIncident } from '#contract/admin-incidents';
import type { PublicIncident } from '#contract/status';
import { compensationOffered, suggestedCompensationDays } from '#domain/store-status';
import type { Db, DbOrTx } from '#server/db/connect';
import type { Clock } from '#server/lib/clock';
import { compensationsOf, type CompensationRow } from './compensations';
import { findIncident, incidentPage, type IncidentRow } from './incidents';

/** The incident as the status page shows it to anyone. */
export function publicIncident(row: IncidentRow): PublicIncident {
  return {
    id: row.id,
    title: row.title,
    message: row.message,
    packages: row.packages ?? null,
    startedAt: row.startedAt.toISOString(),
    endedAt: row.endedAt?.toISOString() ?? null,
  };
}

/** The incident as the admin's Incidents section shows it, with its compensation and whether to offer one. */
function adminIncident(row: IncidentRow, compensation: (CompensationRow & { panelPending: number }) | undefined, now: Date): AdminIncident {
  return {
    ...publicIncident(row),
    postedBy: row.postedBy,
    notifiedCustomers: row.notifiedCustomers,
    compensation: compensation
      ? {
          days: compensation.days,
          by: compensation.adminUsername,
          at: compensation.createdAt.toISOString(),
          subscriptions: compensation.subscriptions,
          customers: compensation.customers,
          panelPending: compensation.panelPending,
        }
      : null,
    compensationOffered: compensationOffered({ startedAt: row.startedAt, endedAt: row.endedAt, compensated: compensation !== undefined }),
    suggestedDays: suggestedCompensationDays(row.startedAt, row.endedAt ?? now),
  };
}

/** One incident as the admin sees it now; null when there is none of that id. */
export async function adminIncidentOf(db: DbOrTx, id: string, now: Date): Promise<AdminIncident | null> {
  const row = await findIncident(db, id);
  if (!row) return null;
  return adminIncident(row, (await compensationsOf(db, [row.id])).get(row.id), now);
}

/** The admin's reads of the Incidents section. */
export function createIncidentReads(db: Db, clock: Clock) {
  return {
    async page(page: { limit: number; offset: number }): Promise<{ items: AdminIncident[]; total: number }> {
      const { rows, total } = await incidentPage(db, page);
      const compensations = await compensationsOf(db, rows.map((row) => row.id));
      const now = clock.now();
      return { items: rows.map((row) => adminIncident(row, compensations.get(row.id), now)), total };
    },
    detail: (id: string) => adminIncidentOf(db, id, clock.now()),
  };
}
