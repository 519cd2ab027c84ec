import { count } from 'drizzle-orm';
import type { OutboxMail } from '#contract/admin-outbox';
import type { DbOrTx } from '#server/db/connect';
import { mailOutbox } from '../mail/schema';
import type { Page, PageOf } from './admin-customers';
import { newestFirst } from './newest-first';

/**
 * Every email the store wrote, newest first (index mail_outbox_newest_idx): with no SMTP
 * server they are kept here to read; sent by SMTP, they have lost their password links
 * (docs/decisions/0028).
 */
export async function outboxPage(db: DbOrTx, page: Page): Promise<PageOf<OutboxMail>> {
  const [rows, [total]] = await Promise.all([
    db
      .select({ id: mailOutbox.id, to: mailOutbox.to, subject: mailOutbox.subject, text: mailOutbox.text, createdAt: mailOutbox.createdAt })
      .from(mailOutbox)
      .orderBy(...newestFirst(mailOutbox.createdAt, mailOutbox.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ total: count() }).from(mailOutbox),
  ]);
  return { items: rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })), total: total!.total };
}
