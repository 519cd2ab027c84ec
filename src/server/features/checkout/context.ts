import type { ErrorLog } from '#server/lib/logs';

/** The caller of a checkout, read from the request by the routes, so the rules need no HTTP (decision 0081). */
export interface CheckoutContext {
  /** The signed-in customer, if any. */
  customerId: string | null;
  /** The `bid` cookie's browser id. */
  browserId: string;
  /** The caller's address, for the limit on free trials. */
  ip: string;
  /** Where a free order's failed start of its jobs is reported (the order stays paid; the sweep sends them). */
  log: ErrorLog;
}
