import { count, ilike } from 'drizzle-orm';
import type { OutboxMail, OutboxQuery } from '#contract/admin-outbox';
import type { DbOrTx } from '#server/db/connect';
import { mailOutbox } from '../mail/schema';
import type { PageOf } from './page-total';
import { containsPattern } from './address-search';
import { newestFirst } from './newest-first';
import { outboxTotal } from './table-totals';

/**
 * Every email the store wrote, newest first (index mail_outbox_newest_idx): with no SMTP
 * server they are kept here to read; sent by SMTP, they have lost their password links
 * (docs/decisions/0028). The whole list's total is kept by the writers (decision 0055).
 * `recipient` matches any part of the address in any case, its % and _ taken as themselves
 * (docs/decisions/0038).
 */
export async function outboxPage(db: DbOrTx, query: OutboxQuery): Promise<PageOf<OutboxMail>> {
  const where = query.recipient ? ilike(mailOutbox.to, containsPattern(query.recipient)) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select({ id: mailOutbox.id, to: mailOutbox.to, subject: mailOutbox.subject, text: mailOutbox.text, createdAt: mailOutbox.createdAt })
      .from(mailOutbox)
      .where(where)
      .orderBy(...newestFirst(mailOutbox.createdAt, mailOutbox.id))
      .limit(query.limit)
      .offset(query.offset),
    where ? db.select({ total: count() }).from(mailOutbox).where(where) : outboxTotal(db),
  ]);
  return { items: rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })), total: total!.total };
}
