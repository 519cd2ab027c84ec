import type { DisputeRate } from '#contract/disputes';

const LEVEL_WORDS = { ok: '', amber: ' (watch)', red: ' (too high)' } as const;

/** '0.50% of 200 (watch)': the rate with two decimals, what it is of, and in words what its colour says (decision 0100). */
export function disputeRateText(rate: DisputeRate): string {
  return `${(rate.rate * 100).toFixed(2)}% of ${rate.cardPayments}${LEVEL_WORDS[rate.level]}`;
}
