import { z } from 'zod';

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
