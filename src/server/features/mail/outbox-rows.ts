import { and, asc, eq, gt, isNull, lte, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '#server/db/connect';
import { prebuiltSql, type PrebuiltCause } from '#server/db/prebuilt';
import { mailOutbox } from './schema';
import type { MailMessage } from '#server/providers/mail/index';

/**
 * Every read and write of `mail_outbox`, each taking the caller's transaction: the mail
 * feature is the table's one owner (ARCHITECTURE: each table has one owner); the admin's
 * reports only read it.
 */

export interface NewOutboxRow {
  /** What the email is (order-confirmation:<order id>); a second row with the key is never written. */
  key: string;
  /** Kept as it is written (the demo outbox): no delivery is due. */
  kept: boolean;
  secretLinks: boolean;
  /**
   * The change that causes the email, as one statement that yields a row when it applies
   * (a conditional UPDATE or an INSERT with RETURNING): it runs in the same statement as the
   * row's INSERT, which writes the row only if it yielded one (docs/decisions/0023, 0028).
   */
  when?: SQLWrapper | PrebuiltCause;
  /** A condition the row is written under as well (a reminder: the customer has not turned reminders off). */
  onlyIf?: SQLWrapper;
}

const isPrebuiltCause = (when: SQLWrapper | PrebuiltCause): when is PrebuiltCause => 'shape' in when && 'build' in when;

const column = (name: keyof typeof mailOutbox._.columns) => sql.identifier(mailOutbox[name].name);

/** The email's own values, in the statement either as themselves or as placeholders named `outbox_<field>`. */
type MessageFields = Record<'to' | 'subject' | 'text' | 'html' | 'headers' | 'key' | 'secretLinks', unknown>;
const MESSAGE_PLACEHOLDERS = Object.fromEntries(
  (['to', 'subject', 'text', 'html', 'headers', 'key', 'secretLinks'] as const).map((field) => [field, sql.placeholder(`outbox_${field}`)]),
) as MessageFields;

function outboxInsert(fields: MessageFields, { kept, when, onlyIf }: { kept: boolean; when?: SQLWrapper; onlyIf?: SQLWrapper }): SQL {
  const sentAt = kept ? sql`now()` : sql`null::timestamptz`;
  return sql`${when ? sql`with cause as (${when.getSQL()}) ` : sql``}insert into ${mailOutbox}
          (${column('to')}, ${column('subject')}, ${column('text')}, ${column('html')}, ${column('headers')}, ${column('dedupeKey')}, ${column('sentAt')}, ${column('secretLinks')})
        select ${fields.to}, ${fields.subject}, ${fields.text}, ${fields.html}, ${fields.headers}::jsonb, ${fields.key}, ${sentAt}, ${fields.secretLinks}::boolean
        ${when ? sql`from (select 1 from cause limit 1) as applied ` : sql``}
        ${onlyIf ? sql`where ${onlyIf.getSQL()} ` : sql``}
        on conflict (${column('dedupeKey')}) do nothing
        returning ${column('id')}`;
}

/** The INSERT around each prebuilt cause, by its shape and whether the row is kept as written. */
const prebuiltInserts = new Map<string, (db: DbOrTx, values: Record<string, unknown>) => Promise<Array<{ id: string }>>>();

/** Writes one email; its id, or null when an email with its key exists or `when` yielded nothing. */
export async function insertOutboxRow(tx: DbOrTx, message: MailMessage, { key, kept, secretLinks, when, onlyIf }: NewOutboxRow): Promise<string | null> {
  const fields: MessageFields = { to: message.to, subject: message.subject, text: message.text, html: message.html ?? null, headers: JSON.stringify(message.headers ?? {}), key, secretLinks };
  if (when && isPrebuiltCause(when)) {
    const values = { ...when.values, ...Object.fromEntries(Object.entries(fields).map(([field, value]) => [`outbox_${field}`, value])) };
    // A condition of its own (a reminder's) has its values in its text, so that statement is built for this email.
    const shape = `${when.shape}:${kept ? 'kept' : 'due'}`;
    let insert = onlyIf ? undefined : prebuiltInserts.get(shape);
    if (!insert) {
      insert = prebuiltSql<{ id: string }>(() => outboxInsert(MESSAGE_PLACEHOLDERS, { kept, when: when.build(), onlyIf }));
      if (!onlyIf) prebuiltInserts.set(shape, insert);
    }
    const written = await insert(tx, values);
    return written[0]?.id ?? null;
  }
  const written = await queryRows<{ id: string }>(tx, outboxInsert(fields, { kept, when, onlyIf }));
  return written[0]?.id ?? null;
}

export type OutboxRow = typeof mailOutbox.$inferSelect;

export async function findOutboxRow(db: DbOrTx, id: string): Promise<OutboxRow | null> {
  const [row] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
  return row ?? null;
}

/**
 * The email was delivered. Sent by SMTP, an email with secret links keeps its text without
 * them: a password link lives only in the customer's mailbox, as setup_tokens keeps only
 * its hash. Kept by the demo outbox, the links stay: that is where they are followed.
 */
export async function markDelivered(db: DbOrTx, id: string, { forgetSecretLinks }: { forgetSecretLinks: boolean }): Promise<void> {
  const withoutLinks = {
    text: sql`case when ${mailOutbox.secretLinks} then regexp_replace(${mailOutbox.text}, 'https?://\\S+', '[link removed once sent]', 'g') else ${mailOutbox.text} end`,
    html: sql`case when ${mailOutbox.secretLinks} then null else ${mailOutbox.html} end`,
  };
  await db
    .update(mailOutbox)
    .set({ sentAt: sql`now()`, attempts: sql`${mailOutbox.attempts} + 1`, lastError: null, ...(forgetSecretLinks ? withoutLinks : {}) })
    .where(and(eq(mailOutbox.id, id), isNull(mailOutbox.sentAt)));
}

export async function recordDeliveryFailure(db: DbOrTx, id: string, error: string): Promise<void> {
  await db
    .update(mailOutbox)
    .set({ attempts: sql`${mailOutbox.attempts} + 1`, lastError: error })
    .where(and(eq(mailOutbox.id, id), isNull(mailOutbox.sentAt)));
}

/** Emails not delivered yet, written between `writtenAfter` and `writtenBefore`, oldest first. */
export async function undeliveredRows(db: DbOrTx, { writtenAfter, writtenBefore, limit }: { writtenAfter: Date; writtenBefore: Date; limit: number }) {
  return db
    .select({ id: mailOutbox.id })
    .from(mailOutbox)
    .where(and(isNull(mailOutbox.sentAt), gt(mailOutbox.createdAt, writtenAfter), lte(mailOutbox.createdAt, writtenBefore)))
    .orderBy(asc(mailOutbox.createdAt))
    .limit(limit);
}
