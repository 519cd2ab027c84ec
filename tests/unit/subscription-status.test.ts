import { describe, expect, it } from 'vitest';
import {
  addDuration,
  canRenew,
  isExpired,
  isExpiringSoon,
  remainingTime,
  renewedExpiry,
  subtractDuration,
} from '../../src/domain/subscription-status';

const now = new Date('2025-03-10T12:00:00Z');
const hours = (n: number) => new Date(now.getTime() + n * 3_600_000);
const days = (n: number) => hours(n * 24);

describe('isExpired and isExpiringSoon', () => {
  it('counts a subscription as expired from its expiry instant on', () => {
    expect(isExpired(hours(-1), now)).toBe(true);
    expect(isExpired(now, now)).toBe(true);
    expect(isExpired(hours(1), now)).toBe(false);
  });

  it('calls it expiring soon within 7 days, but not once expired', () => {
    expect(isExpiringSoon(days(7), now)).toBe(true);
    expect(isExpiringSoon(hours(1), now)).toBe(true);
    expect(isExpiringSoon(new Date(days(7).getTime() + 1000), now)).toBe(false);
    expect(isExpiringSoon(hours(-1), now)).toBe(false);
  });
});

describe('remainingTime', () => {
  it('gives whole days and hours rounded up', () => {
    expect(remainingTime(hours(36), now)).toEqual({ days: 2, hours: 36 });
    expect(remainingTime(new Date(hours(35).getTime() + 60_000), now)).toEqual({ days: 2, hours: 36 });
    expect(remainingTime(days(30), now)).toEqual({ days: 30, hours: 720 });
  });

  it('is zero once expired', () => {
    expect(remainingTime(days(-3), now)).toEqual({ days: 0, hours: 0 });
  });
});

describe('canRenew', () => {
  it('allows renewing an active or an expired subscription', () => {
    expect(canRenew({ status: 'active', expirationDate: days(20) }, now)).toBe(true);
    expect(canRenew({ status: 'expired', expirationDate: days(-1) }, now)).toBe(true);
    expect(canRenew({ status: 'active', expirationDate: days(-1) }, now)).toBe(true);
  });

  it('refuses while a streaming box waits for activation', () => {
    expect(canRenew({ status: 'pending_activation', expirationDate: days(180) }, now)).toBe(false);
  });
});

describe('addDuration', () => {
  it('adds hours for the trial', () => {
    expect(addDuration(now, { unit: 'hours', value: 36 }).toISOString()).toBe('2025-03-12T00:00:00.000Z');
  });

  it('adds calendar months, keeping the time of day', () => {
    expect(addDuration(now, { unit: 'months', value: 1 }).toISOString()).toBe('2025-04-10T12:00:00.000Z');
    expect(addDuration(now, { unit: 'months', value: 12 }).toISOString()).toBe('2026-03-10T12:00:00.000Z');
    expect(addDuration(new Date('2025-11-15T08:30:00Z'), { unit: 'months', value: 3 }).toISOString()).toBe('2026-02-15T08:30:00.000Z');
  });

  it('clamps to the last day of a shorter month', () => {
    expect(addDuration(new Date('2025-01-31T10:00:00Z'), { unit: 'months', value: 1 }).toISOString()).toBe('2025-02-28T10:00:00.000Z');
    expect(addDuration(new Date('2023-08-31T10:00:00Z'), { unit: 'months', value: 6 }).toISOString()).toBe('2024-02-29T10:00:00.000Z');
  });

  it('refuses a duration that is not a positive whole number', () => {
    expect(() => addDuration(now, { unit: 'months', value: 0 })).toThrow();
    expect(() => addDuration(now, { unit: 'hours', value: 1.5 })).toThrow();
  });
});

describe('renewedExpiry', () => {
  it('extends from the current expiry while time is left', () => {
    expect(renewedExpiry(days(10), now, { unit: 'months', value: 1 }).toISOString()).toBe('2025-04-20T12:00:00.000Z');
  });

  it('extends from now once expired', () => {
    expect(renewedExpiry(days(-10), now, { unit: 'months', value: 1 }).toISOString()).toBe('2025-04-10T12:00:00.000Z');
  });
});

describe('subtractDuration and a cancelled subscription', () => {
  it('takes back hours and calendar months, clamped to the end of a shorter month', () => {
    expect(subtractDuration(new Date('2025-03-15T10:00:00Z'), { unit: 'months', value: 1 }).toISOString()).toBe('2025-02-15T10:00:00.000Z');
    expect(subtractDuration(new Date('2025-01-20T10:00:00Z'), { unit: 'months', value: 3 }).toISOString()).toBe('2024-10-20T10:00:00.000Z');
    expect(subtractDuration(new Date('2025-03-31T10:00:00Z'), { unit: 'months', value: 1 }).toISOString()).toBe('2025-02-28T10:00:00.000Z');
    expect(subtractDuration(new Date('2025-03-02T10:00:00Z'), { unit: 'hours', value: 36 }).toISOString()).toBe('2025-02-28T22:00:00.000Z');
  });

  it('is never renewable, even past its expiry date', () => {
    const now = new Date('2025-06-10T12:00:00Z');
    expect(canRenew({ status: 'cancelled', expirationDate: new Date('2025-07-10T12:00:00Z') }, now)).toBe(false);
    expect(canRenew({ status: 'cancelled', expirationDate: new Date('2025-05-10T12:00:00Z') }, now)).toBe(false);
  });
});
