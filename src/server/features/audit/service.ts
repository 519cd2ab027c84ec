import { and, desc, eq, sql } from 'drizzle-orm';
import type { AuditAction } from '#contract/admin-audit';
import type { DbOrTx } from '#server/db/connect';
import type { AuditActor, CustomerActor } from '#domain/actors';
import { auditLog } from './schema';


export interface AdminAction {
  actor: AuditActor;
  /** `<target>.<verb>`, e.g. package.update: one of the contract's AUDIT_ACTIONS, which the log's filter offers. */
  action: AuditAction;
  target: { type: string; id: string };
  /** Only the fields that changed, as they were and as they are now. */
  before: Record<string, unknown>;
  after: Record<string, unknown>;
}

/**
 * Records an administrator's change. Pass the change's own transaction, so that the
 * change and its record commit together or not at all (ARCHITECTURE: every state change
 * an admin makes names its actor). The audit_log table has no other writer.
 */
export async function recordAdminAction(tx: DbOrTx, action: AdminAction): Promise<void> {
  await tx.insert(auditLog).values({
    adminId: action.actor.id,
    adminUsername: action.actor.username,
    action: action.action,
    targetType: action.target.type,
    targetId: action.target.id,
    before: action.before,
    after: action.after,
  });
}


/**
 * Records a customer's change to their own device, in the change's transaction like an
 * administrator's (decision 0042): the log shows who did what to which order, whoever it was.
 */
export async function recordCustomerAction(tx: DbOrTx, action: Omit<AdminAction, 'actor'> & { actor: CustomerActor }): Promise<void> {
  await tx.insert(auditLog).values({
    actorType: 'customer',
    customerId: action.actor.id,
    adminUsername: action.actor.email,
    action: action.action,
    targetType: action.target.type,
    targetId: action.target.id,
    before: action.before,
    after: action.after,
  });
}

/** How the audit log names the store when it acts by itself (the renewal pass). */
export const STORE_ACTOR_NAME = 'the store';

/**
 * Records a change the store made by itself, on its schedule (decision 0046: a line suspended
 * when its grace period ended), in the change's transaction like a person's, so an owner
 * asking why a line stopped finds the answer in the same log.
 */
export async function recordStoreAction(tx: DbOrTx, action: Omit<AdminAction, 'actor'>): Promise<void> {
  await tx.insert(auditLog).values({
    actorType: 'system',
    adminUsername: STORE_ACTOR_NAME,
    action: action.action,
    targetType: action.target.type,
    targetId: action.target.id,
    before: action.before,
    after: action.after,
  });
}

/** When an administrator last did this action to this target with an outcome holding these fields, or null if never. */
export async function lastAdminAction(
  tx: DbOrTx,
  { action, target, after }: Pick<AdminAction, 'action' | 'target' | 'after'>,
): Promise<Date | null> {
  const [row] = await tx
    .select({ createdAt: auditLog.createdAt })
    .from(auditLog)
    .where(
      and(
        eq(auditLog.targetType, target.type),
        eq(auditLog.targetId, target.id),
        eq(auditLog.action, action),
        sql`${auditLog.after} @> ${JSON.stringify(after)}::jsonb`,
      ),
    )
    .orderBy(desc(auditLog.createdAt))
    .limit(1);
  return row?.createdAt ?? null;
}
