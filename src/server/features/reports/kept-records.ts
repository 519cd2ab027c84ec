import type { AdminCustomerRecord } from '#contract/admin';
import type { Lapse } from './lapse';

/**
 * The customer records made from the last page text PostgreSQL wrote, handed out again while
 * that text comes back unchanged (decision 0065): 10 admins on the same page get the same
 * records, and the route then sends the JSON it already wrote for them (sendRevalidatedKept),
 * where parsing, mapping, writing and hashing 138 KB again was half the store's CPU for the
 * page. PostgreSQL is asked every time; only the work on an unchanged answer is saved. The
 * records depend on the text, the grace length and the clock, and on the clock only where a
 * record's grace period ends (lapseOf), so they are kept from the moment they were made
 * until the first such end. The records handed out are never changed by a reader.
 */
export function keptRecords(toRecords: (text: string, lapse: Lapse) => AdminCustomerRecord[]) {
  let kept: { text: string; graceDays: number; madeAt: number; until: number; records: AdminCustomerRecord[] } | null = null;
  return (text: string, lapse: Lapse): AdminCustomerRecord[] => {
    const now = lapse.now.getTime();
    if (kept && kept.text === text && kept.graceDays === lapse.graceDays && now >= kept.madeAt && now < kept.until) return kept.records;
    const records = toRecords(text, lapse);
    kept = { text, graceDays: lapse.graceDays, madeAt: now, until: firstGraceEnd(records), records };
    return records;
  };
}

/** When the soonest grace period on the page ends, after which that record reads "suspended"; never when none is running. */
function firstGraceEnd(records: readonly AdminCustomerRecord[]): number {
  let soonest = Infinity;
  for (const record of records) if (record.graceEndsAt !== null) soonest = Math.min(soonest, Date.parse(record.graceEndsAt));
  return soonest;
}
