import type { Locale } from '#domain/locales';
import type { ErrorLog } from '#server/lib/logs';

/** The caller of a checkout, read from the request by the routes, so the rules need no HTTP (decision 0081). */
export interface CheckoutContext {
  /** The signed-in customer, if any. */
  customerId: string | null;
  /** The `bid` cookie's browser id. */
  browserId: string;
  /** The caller's address, for the limit on free trials, and kept with the order as its buyer's (decision 0097). */
  ip: string;
  /**
   * The buyer's browser, as its User-Agent header said (cut by userAgentOf): present when a
   * buyer placed the order at the checkout, who agreed to the terms and the refund policy by
   * paying; absent when the store places it by itself (a renewal invoice), which records no agreement.
   */
  userAgent?: string;
  /** The language the browser asks for (Accept-Language): the order's when neither it nor its customer names one (decision 0107). */
  browserLocale?: Locale;
  /** Where a free order's failed start of its jobs is reported (the order stays paid; the sweep sends them). */
  log: ErrorLog;
}
