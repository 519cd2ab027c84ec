import { and, count, desc, eq, gt, inArray, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import { BLOCKLIST_ENTRY_NOT_FOUND, BLOCKLIST_EXPIRY_PAST, STORE_AUTHOR, type BlocklistEntry, type BlocklistQuery, type NewBlocklistEntry } from '#contract/admin-blocklist';
import type { AuditActor } from '#domain/actors';
import { isIpv4, parseIpOrNetwork } from '#domain/blocklist';
import { invalid, notFound } from '#domain/errors';
import { canonicalMailbox } from '#domain/mailbox';
import type { Db, DbOrTx } from '#server/db/connect';
import type { Clock } from '#server/lib/clock';
import { blocklistEntries } from './schema';

type Row = typeof blocklistEntries.$inferSelect;

/** What a buyer presents at a checkout, a sign-up or a device change; any of them may be absent. */
export interface BuyerFacts {
  email?: string | null;
  /** The caller's address as the store derives it (trust proxy): IPv4, IPv6 or IPv4 mapped into IPv6. */
  ip?: string | null;
  cardFingerprint?: string | null;
  macs?: readonly string[];
}

/** The entry that matched, for the staff's log and audit row; never shown to the buyer. */
export interface BlocklistMatch {
  id: string;
  kind: Row['kind'];
  value: string;
  reason: string;
}

const active = (now: Date) => or(isNull(blocklistEntries.expiresAt), gt(blocklistEntries.expiresAt, now));

/** '::ffff:203.0.113.7' (a dual-stack socket's IPv4 caller) is 203.0.113.7; anything not an address is null. */
function callerAddress(ip: string | null | undefined): string | null {
  if (!ip) return null;
  const mapped = ip.toLowerCase().startsWith('::ffff:') ? ip.slice(7) : ip;
  if (isIpv4(mapped)) return mapped;
  const parsed = parseIpOrNetwork(ip);
  return parsed && !ip.includes('/') ? parsed.address : null;
}

export function toBlocklistEntry(row: Row, now: Date): BlocklistEntry {
  return {
    id: row.id,
    kind: row.kind,
    value: row.value,
    reason: row.reason,
    author: row.authorName ?? STORE_AUTHOR,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt?.toISOString() ?? null,
    expired: row.expiresAt !== null && row.expiresAt <= now,
  };
}

/**
 * Adds an entry in the caller's transaction, or returns null when the same kind and value is
 * already on the list and not expired. An expired one is replaced by this one (same row),
 * in the one statement, so two admins adding the same value at once make one entry.
 */
export async function insertBlocklistEntry(tx: DbOrTx, entry: NewBlocklistEntry, author: AuditActor | null, now: Date): Promise<Row | null> {
  if (entry.expiresAt && entry.expiresAt <= now) throw invalid(BLOCKLIST_EXPIRY_PAST);
  // A network is written as PostgreSQL's cidr writes it, host bits cleared: 10.0.0.7/8 is 10.0.0.0/8.
  const network = entry.kind === 'ip' ? sql`network(${entry.value}::inet)` : null;
  const columns = {
    reason: entry.reason,
    authorAdminId: author?.id ?? null,
    authorName: author?.username ?? null,
    expiresAt: entry.expiresAt,
  };
  const [row] = await tx
    .insert(blocklistEntries)
    .values({ kind: entry.kind, value: network ? sql`${network}::text` : entry.value, network, ...columns })
    .onConflictDoUpdate({
      target: [blocklistEntries.kind, blocklistEntries.value],
      set: { ...columns, createdAt: now },
      setWhere: lte(blocklistEntries.expiresAt, now),
    })
    .returning();
  return row ?? null;
}

/** Removes an entry in the caller's transaction and returns it as it was; 404 when there is none. */
export async function removeBlocklistEntry(tx: DbOrTx, id: string): Promise<Row> {
  const [row] = await tx.delete(blocklistEntries).where(eq(blocklistEntries.id, id)).returning();
  if (!row) throw notFound(BLOCKLIST_ENTRY_NOT_FOUND);
  return row;
}

/**
 * The first entry in force that any of the buyer's facts match, or null: one indexed query,
 * by value for emails, cards and MACs, by `network >>= address` for the caller's address.
 */
export async function findBlocklistMatch(db: DbOrTx, facts: BuyerFacts, now: Date): Promise<BlocklistMatch | null> {
  const matches: SQL[] = [];
  const byValue = (kind: Row['kind'], values: string[]) => {
    if (values.length > 0) matches.push(and(eq(blocklistEntries.kind, kind), inArray(blocklistEntries.value, values))!);
  };
  if (facts.email) byValue('email', [canonicalMailbox(facts.email)]);
  if (facts.cardFingerprint) byValue('card', [facts.cardFingerprint]);
  byValue('mac', [...(facts.macs ?? [])]);
  const address = callerAddress(facts.ip);
  if (address) matches.push(sql`(${blocklistEntries.kind} = 'ip' and ${blocklistEntries.network} >>= ${address}::inet)`);
  if (matches.length === 0) return null;
  const [match] = await db
    .select({ id: blocklistEntries.id, kind: blocklistEntries.kind, value: blocklistEntries.value, reason: blocklistEntries.reason })
    .from(blocklistEntries)
    .where(and(active(now), or(...matches)))
    .limit(1);
  return match ?? null;
}

/** The admin's list: newest first, one kind or all, with the total for the page's header. */
export async function blocklistPage(db: Db, query: BlocklistQuery, clock: Clock): Promise<{ items: BlocklistEntry[]; total: number }> {
  const where = query.kind ? eq(blocklistEntries.kind, query.kind) : undefined;
  const [rows, [counted]] = await Promise.all([
    db.select().from(blocklistEntries).where(where).orderBy(desc(blocklistEntries.createdAt), desc(blocklistEntries.id)).limit(query.limit).offset(query.offset),
    db.select({ total: count() }).from(blocklistEntries).where(where),
  ]);
  const now = clock.now();
  return { items: rows.map((row) => toBlocklistEntry(row, now)), total: counted?.total ?? 0 };
}
