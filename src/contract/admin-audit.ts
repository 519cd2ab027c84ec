import { z } from 'zod';

/** One administrator's change (GET /api/admin/audit-log), newest first. */
export const auditEntrySchema = z.object({
  id: z.string(),
  adminUsername: z.string(),
  /** `<target>.<verb>`, e.g. package.update, order.gift_card. */
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
