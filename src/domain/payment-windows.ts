/**
 * How long an unpaid order may still be paid, and so how long it holds what it reserved at
 * checkout: a coupon's use (decision 0020) and its set-top boxes (decision 0073).
 */
const MINUTE_MS = 60_000;

/** A card is paid during the buyer's visit: after an hour the buyer has left. */
export const RESERVATION_HOLD_MS = 60 * MINUTE_MS;

/** A NOWPayments payment expires after 7 days without funds. */
export const CRYPTO_WINDOW_MS = 7 * 24 * 60 * MINUTE_MS;
