import { describe, expect, it } from 'vitest';
import { dueExpiryRange, graceState, MILESTONES } from '../../src/domain/renewal-milestones';

const now = new Date('2026-12-02T09:00:00.000Z');
const range = (name: string) => {
  const { after, upTo } = dueExpiryRange(MILESTONES.find((milestone) => milestone.name === name)!, now);
  return [after.toISOString(), upTo.toISOString()];
};

describe('the renewal schedule', () => {
  it('makes each milestone due from its day until the next one of the subscription is, or two days later', () => {
    // An auto-renewing subscription's notice: 7 days before its card is charged, 3 days before expiry.
    expect(range('renewal-notice')).toEqual(['2026-12-10T09:00:00.000Z', '2026-12-12T09:00:00.000Z']);
    expect(range('7d')).toEqual(['2026-12-07T09:00:00.000Z', '2026-12-09T09:00:00.000Z']);
    expect(range('3d')).toEqual(['2026-12-03T09:00:00.000Z', '2026-12-05T09:00:00.000Z']);
    expect(range('1d')).toEqual(['2026-12-02T21:00:00.000Z', '2026-12-03T09:00:00.000Z']);
    expect(range('0d')).toEqual(['2026-12-02T09:00:00.000Z', '2026-12-02T21:00:00.000Z']);
    expect(range('trial-12h')).toEqual(['2026-12-02T10:00:00.000Z', '2026-12-02T21:00:00.000Z']);
    expect(range('trial-1h')).toEqual(['2026-12-02T09:00:00.000Z', '2026-12-02T10:00:00.000Z']);
    expect(range('grace')).toEqual(['2026-11-29T09:00:00.000Z', '2026-12-01T09:00:00.000Z']);
    expect(range('win-back-7d')).toEqual(['2026-11-23T09:00:00.000Z', '2026-11-25T09:00:00.000Z']);
    expect(range('win-back-30d')).toEqual(['2026-10-31T09:00:00.000Z', '2026-11-02T09:00:00.000Z']);
  });

  it('keeps a lapsed subscription in grace for its days unless suspended, and says nothing of a running one', () => {
    const expired = { status: 'expired', expirationDate: new Date('2026-11-30T09:00:00.000Z'), graceSuspendedAt: null };
    expect(graceState(expired, 3, now)).toEqual({ graceEndsAt: '2026-12-03T09:00:00.000Z', suspended: false });
    expect(graceState(expired, 1, now)).toEqual({ graceEndsAt: null, suspended: true });
    expect(graceState({ ...expired, graceSuspendedAt: now }, 3, now)).toEqual({ graceEndsAt: null, suspended: true });
    expect(graceState({ ...expired, status: 'active' }, 3, now)).toEqual({ graceEndsAt: null, suspended: false });
  });
});
