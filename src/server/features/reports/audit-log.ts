import { and, count, eq, sql, type SQL } from 'drizzle-orm';
import type { AuditEntry, AuditLogQuery } from '#contract/admin-audit';
import type { DbOrTx } from '#server/db/connect';
import { auditLog } from '../audit/schema';
import type { PageOf } from './page-total';
import { newestFirst } from './newest-first';

function filters(query: AuditLogQuery): SQL | undefined {
  const conditions: SQL[] = [];
  // Usernames are typed by people: 'Owner' finds owner's changes.
  if (query.actor) conditions.push(sql`lower(${auditLog.adminUsername}) = lower(${query.actor})`);
  if (query.action) conditions.push(eq(auditLog.action, query.action));
  // On audit_log_target_idx: every change made to that order, its shipment's included (their target is the order).
  if (query.orderId) conditions.push(eq(auditLog.targetType, 'order'), eq(auditLog.targetId, query.orderId));
  return conditions.length > 0 ? and(...conditions) : undefined;
}

/** The administrators' changes, newest first, one page at a time (index audit_log_newest_idx), narrowed by who, what and which order. */
export async function auditLogPage(db: DbOrTx, query: AuditLogQuery): Promise<PageOf<AuditEntry>> {
  const where = filters(query);
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: auditLog.id,
        actorType: auditLog.actorType,
        adminUsername: auditLog.adminUsername,
        action: auditLog.action,
        targetType: auditLog.targetType,
        targetId: auditLog.targetId,
        before: auditLog.before,
        after: auditLog.after,
        createdAt: auditLog.createdAt,
      })
      .from(auditLog)
      .where(where)
      .orderBy(...newestFirst(auditLog.createdAt, auditLog.id))
      .limit(query.limit)
      .offset(query.offset),
    db.select({ total: count() }).from(auditLog).where(where),
  ]);
  return { items: rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })), total: total!.total };
}
