import { z } from 'zod';
import { adminListQuerySchema } from './admin';
import { plainText } from './fields';

/**
 * Every action the audit log records, as `<target>.<verb>`. The audit feature takes only
 * these (its AdminAction's type), so a new action is added here, where the log's filter
 * and its sentences find it (docs/decisions/0038).
 */
export const AUDIT_ACTIONS = [
  'admin.sign_in',
  'admin.sign_out',
  'admin.sign_in_refused',
  'admin.recovery_code_used',
  'admin.two_factor_on',
  'admin.two_factor_off',
  'export.download',
  'order.refund',
  'order.honour',
  'order.retry_provisioning',
  'order.gift_card',
  'order.create_account',
  'order.dispute_open',
  'order.dispute_won',
  'order.dispute_lost',
  'order.dispute_evidence',
  'order.early_fraud_warning',
  'shipment.update',
  'coupon.create',
  'coupon.update',
  'coupon.win_back',
  'trial.budget',
  'package.update',
  'currency.update',
  'device.rename',
  'device.change_mac',
  'device.set_top_box',
  'device.new_password',
  'device.isp_reset',
  'device.disable',
  'device.enable',
  'subscription.disable_devices',
  'subscription.enable_devices',
  'subscription.suspend_after_grace',
  'renewal.retry',
  'renewal.cancel_auto_renew',
  'renewal.dismiss',
  'incident.post',
  'incident.end',
  'incident.compensate',
  'policy.update',
  'blocklist.add',
  'blocklist.remove',
  'blocklist.refused',
  'staff.create',
  'staff.update',
  'staff.two_factor_rule',
  'admin.password_change',
  'ticket.update',
  'ticket.auto_resolve',
  'ticket.canned_reply',
  'ticket.settings',
  'subscription.goodwill',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** A customer acts on their own devices, the store by itself on its schedule (a line suspended after its grace period); every other change is an administrator's. */
export const AUDIT_ACTOR_TYPES = ['admin', 'customer', 'system'] as const;

/** One administrator's change (GET /api/admin/audit-log), newest first. */
export const auditEntrySchema = z.object({
  id: z.string(),
  /** Who acted: an administrator, a customer on their own device (then adminUsername holds their email), or the store itself ('the store'). */
  actorType: z.enum(AUDIT_ACTOR_TYPES),
  adminUsername: z.string(),
  /** `<target>.<verb>`, e.g. package.update, order.gift_card; an older row may hold one no longer in AUDIT_ACTIONS. */
  action: z.string(),
  targetType: z.string(),
  targetId: z.string(),
  /** Only the fields that changed, as they were and as they became. */
  before: z.record(z.string(), z.unknown()),
  after: z.record(z.string(), z.unknown()),
  createdAt: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;
export const auditEntryListSchema = z.array(auditEntrySchema);

/** GET /api/admin/audit-log: paged newest first like the other lists, narrowed by who, what and which order. */
export const auditLogQuerySchema = adminListQuerySchema.extend({
  /** The admin's username, whole, in any case. */
  actor: plainText('actor').trim().max(100, 'actor must be at most 100 characters').optional(),
  action: z.enum(AUDIT_ACTIONS, { error: `action must be one of ${AUDIT_ACTIONS.join(', ')}` }).optional(),
  /** The order's whole id: its refunds, gift card, shipment, account and the like. */
  orderId: plainText('orderId').trim().max(64, 'orderId must be at most 64 characters').optional(),
});
export type AuditLogQuery = z.output<typeof auditLogQuerySchema>;
