import { z } from 'zod';

/** An email kept in the outbox because no SMTP server is configured (GET /api/admin/outbox), newest first. */
export const outboxMailSchema = z.object({
  id: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  createdAt: z.string(),
});
export type OutboxMail = z.infer<typeof outboxMailSchema>;
export const outboxMailListSchema = z.array(outboxMailSchema);
