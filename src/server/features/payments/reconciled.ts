/** What asking the provider about an unpaid order did: whether the order changed, and whether this call completed it. */
export interface Reconciled {
  changed: boolean;
  paidNow: boolean;
}
