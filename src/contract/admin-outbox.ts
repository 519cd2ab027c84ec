import { z } from 'zod';
import { adminListQuerySchema } from './admin';
import { plainText } from './fields';

/** An email of the outbox (GET /api/admin/outbox), newest first: kept there when no SMTP server is configured. */
export const outboxMailSchema = z.object({
  id: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  createdAt: z.string(),
});
export type OutboxMail = z.infer<typeof outboxMailSchema>;
export const outboxMailListSchema = z.array(outboxMailSchema);

/** GET /api/admin/outbox: paged newest first; `recipient` is any part of the address, in any case (docs/decisions/0038). */
export const outboxQuerySchema = adminListQuerySchema.extend({
  recipient: plainText('recipient').trim().max(254, 'recipient must be at most 254 characters').optional(),
});
export type OutboxQuery = z.output<typeof outboxQuerySchema>;
