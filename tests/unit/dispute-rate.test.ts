import { describe, expect, it } from 'vitest';
import { disputeRateLevel } from '../../src/contract/disputes';
import { disputeRateText } from '../../src/client/features/admin/shared/dispute-rate-view';

describe('the dispute rate of 30 days (decision 0100)', () => {
  it('is amber from 0.5% and red from 0.75%', () => {
    expect(disputeRateLevel(0)).toBe('ok');
    expect(disputeRateLevel(0.0049)).toBe('ok');
    expect(disputeRateLevel(0.005)).toBe('amber');
    expect(disputeRateLevel(0.0074)).toBe('amber');
    expect(disputeRateLevel(0.0075)).toBe('red');
    expect(disputeRateLevel(0.02)).toBe('red');
  });

  it('says in words what its colour says', () => {
    expect(disputeRateText({ disputes: 0, cardPayments: 0, rate: 0, level: 'ok' })).toBe('0.00% of 0');
    expect(disputeRateText({ disputes: 1, cardPayments: 200, rate: 0.005, level: 'amber' })).toBe('0.50% of 200 (watch)');
    expect(disputeRateText({ disputes: 1, cardPayments: 100, rate: 0.01, level: 'red' })).toBe('1.00% of 100 (too high)');
  });
});
