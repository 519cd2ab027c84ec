import { BLOCKLIST_DUPLICATE, normalisedBlocklistValue, toBlockBuyerMessage, type BlockBuyerResponse, type BlocklistEntry, type NewBlocklistEntry } from '#contract/admin-blocklist';
import { ORDER_NOT_FOUND } from '#contract/admin-orders';
import type { AuditActor } from '#domain/actors';
import { BLOCKLIST_REFUSAL, type BlocklistKind } from '#domain/blocklist';
import { conflict, notFound, refused } from '#domain/errors';
import type { Db, DbOrTx } from '#server/db/connect';
import type { Clock } from '#server/lib/clock';
import type { ErrorLog, PaymentLog } from '#server/lib/logs';
import { recordAdminAction, recordStoreAction } from '#server/features/audit/index';
import { findBlocklistMatch, insertBlocklistEntry, removeBlocklistEntry, toBlocklistEntry, type BuyerFacts } from '#server/features/blocklist/index';
import { findOrder } from '#server/features/orders/index';

/** A request's logger warns; a job's may only report errors. */
type RefusalLog = ErrorLog & Partial<Pick<PaymentLog, 'warn'>>;

/** Where a blocked buyer was refused, for the staff's record. */
export type BlockedFlow = 'checkout' | 'trial_sign_up' | 'registration' | 'device_mac' | 'card_payment' | 'renewal_charge';

export interface BlocklistWorkflowDeps {
  db: Db;
  clock: Clock;
  /** The card of a payment as its provider fingerprints it, or null (no card, or not known). */
  cardFingerprintOf: (paymentIntentId: string) => Promise<string | null>;
}

const target = (id: string) => ({ type: 'blocklist', id });
const entryFields = (entry: BlocklistEntry) => ({ kind: entry.kind, value: entry.value, reason: entry.reason, expiresAt: entry.expiresAt });

/**
 * The blocklist's changes with their audit rows, the one refusal every flow makes of a
 * blocked buyer, and "Block this buyer" from an order (decision 0099).
 */
export function createBlocklistWorkflow({ db, clock, cardFingerprintOf }: BlocklistWorkflowDeps) {
  async function addAudited(tx: DbOrTx, entry: NewBlocklistEntry, actor: AuditActor | null, { orderId }: { orderId?: string } = {}): Promise<BlocklistEntry | null> {
    const now = clock.now();
    const row = await insertBlocklistEntry(tx, entry, actor, now);
    if (!row) return null;
    const added = toBlocklistEntry(row, now);
    const change = { action: 'blocklist.add' as const, target: target(added.id), before: {}, after: { ...entryFields(added), ...(orderId ? { orderId } : {}) } };
    if (actor) await recordAdminAction(tx, { actor, ...change });
    else await recordStoreAction(tx, change);
    return added;
  }

  /** The entry in force that matches the facts, logged at warn and audited for the staff; false when none does. */
  async function recordRefusal(facts: BuyerFacts, flow: BlockedFlow, log: RefusalLog): Promise<boolean> {
    const match = await findBlocklistMatch(db, facts, clock.now());
    if (!match) return false;
    const details = { blocklistEntryId: match.id, kind: match.kind, flow };
    if (log.warn) log.warn(details, `blocked buyer refused (${flow}): ${match.reason}`);
    else log.error(details, `blocked buyer refused (${flow}): ${match.reason}`);
    await recordStoreAction(db, {
      action: 'blocklist.refused',
      target: target(match.id),
      before: {},
      after: { flow, kind: match.kind, value: match.value, reason: match.reason, ...(facts.email ? { email: facts.email } : {}), ...(facts.ip ? { address: facts.ip } : {}) },
    });
    return true;
  }

  return {
    /** POST /api/admin/blocklist: a value already listed and in force is a 409. */
    add: (entry: NewBlocklistEntry, actor: AuditActor): Promise<BlocklistEntry> =>
      db.transaction(async (tx) => (await addAudited(tx, entry, actor)) ?? Promise.reject(conflict(BLOCKLIST_DUPLICATE))),

    /**
     * An entry the store adds by itself, its author shown as 'Store': for the early fraud
     * warnings a later change will receive. Null when the value is already listed.
     */
    addByStore: (entry: NewBlocklistEntry): Promise<BlocklistEntry | null> => db.transaction((tx) => addAudited(tx, entry, null)),

    /** DELETE /api/admin/blocklist/:id. */
    remove: (id: string, actor: AuditActor): Promise<BlocklistEntry> =>
      db.transaction(async (tx) => {
        const removed = toBlocklistEntry(await removeBlocklistEntry(tx, id), clock.now());
        await recordAdminAction(tx, { actor, action: 'blocklist.remove', target: target(id), before: entryFields(removed), after: {} });
        return removed;
      }),

    /**
     * Refuses a buyer any of whose facts an entry in force matches: 403 with the same neutral
     * words everywhere, the entry named only in the log and in an audit row for the staff.
     */
    async refuseBlocked(facts: BuyerFacts, flow: BlockedFlow, log: RefusalLog): Promise<void> {
      if (await recordRefusal(facts, flow, log)) throw refused(BLOCKLIST_REFUSAL);
    },

    /**
     * Whether a saved card's fingerprint is blocked, said before an off-session charge
     * (decision 0101): a blocked one is logged and audited as every refusal is, and the
     * caller charges nothing. The caller decides what the customer is told.
     */
    isCardRefused: (cardFingerprint: string, flow: BlockedFlow, log: RefusalLog): Promise<boolean> => recordRefusal({ cardFingerprint }, flow, log),

    /**
     * POST /api/admin/orders/:orderId/block: the order's email, and its card and buyer address
     * where the store knows them, each added with the owner's reason in one transaction; a
     * value already listed is left as it is and said so.
     */
    async blockBuyer(orderId: string, reason: string, actor: AuditActor): Promise<BlockBuyerResponse> {
      const order = await findOrder(db, orderId);
      if (!order) throw notFound(ORDER_NOT_FOUND);
      const card = order.paymentMethod === 'card' && order.stripePaymentIntentId ? await cardFingerprintOf(order.stripePaymentIntentId) : null;
      const values: [BlocklistKind, string | null][] = [
        ['email', order.customerEmail],
        ['card', card],
        ['ip', order.buyerIpAddress],
      ];
      return db.transaction(async (tx) => {
        const answer: BlockBuyerResponse = { orderId, added: [], skipped: [], message: '' };
        for (const [kind, value] of values) {
          const normalised = value ? normalisedBlocklistValue(kind, value) : null;
          if (!normalised) {
            answer.skipped.push({ kind, why: 'unknown' });
            continue;
          }
          const added = await addAudited(tx, { kind, value: normalised, reason, expiresAt: null }, actor, { orderId });
          if (added) answer.added.push(added);
          else answer.skipped.push({ kind, why: 'already_blocked' });
        }
        return { ...answer, message: toBlockBuyerMessage(answer) };
      });
    },
  };
}

export type BlocklistWorkflow = ReturnType<typeof createBlocklistWorkflow>;
