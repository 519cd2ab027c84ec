import { count } from 'drizzle-orm';
import type { AuditEntry } from '#contract/admin-audit';
import type { DbOrTx } from '#server/db/connect';
import { auditLog } from '../audit/schema';
import type { Page, PageOf } from './admin-customers';
import { newestFirst } from './newest-first';

/** The administrators' changes, newest first, one page at a time (index audit_log_newest_idx). */
export async function auditLogPage(db: DbOrTx, page: Page): Promise<PageOf<AuditEntry>> {
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: auditLog.id,
        adminUsername: auditLog.adminUsername,
        action: auditLog.action,
        targetType: auditLog.targetType,
        targetId: auditLog.targetId,
        before: auditLog.before,
        after: auditLog.after,
        createdAt: auditLog.createdAt,
      })
      .from(auditLog)
      .orderBy(...newestFirst(auditLog.createdAt, auditLog.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ total: count() }).from(auditLog),
  ]);
  return { items: rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })), total: total!.total };
}
