import { describe, expect, it } from 'vitest';
import { canonicalTimeZone, dateTimeInTimeZone, dayInTimeZone, dayInWordsInTimeZone, isoInTimeZone, sameDayInTimeZone } from '../../src/domain/store-time';

describe("the store's time zone (decision 0034)", () => {
  it('knows IANA names in any case, and nothing else', () => {
    expect(canonicalTimeZone('UTC')).toBe('UTC');
    expect(canonicalTimeZone('Pacific/Auckland')).toBe('Pacific/Auckland');
    expect(canonicalTimeZone('europe/london')).toBe('Europe/London');
    for (const name of ['', 'Mars/Olympus_Mons', 'UTC+5', 'GMT-3', 'EST5EDT', '+13:00', 'Pacific/Auckland ', 'Pacific']) expect(canonicalTimeZone(name), name).toBeNull();
  });

  it('writes an instant as the zone\'s clock with its offset, Z in UTC', () => {
    const instant = new Date('2026-11-25T14:55:00.123Z');
    expect(isoInTimeZone(instant, 'UTC')).toBe('2026-11-25T14:55:00.123Z');
    expect(isoInTimeZone(instant, 'Pacific/Auckland')).toBe('2026-11-26T03:55:00.123+13:00');
    expect(isoInTimeZone(instant, 'America/New_York')).toBe('2026-11-25T09:55:00.123-05:00');
    expect(isoInTimeZone(instant, 'Asia/Kolkata')).toBe('2026-11-25T20:25:00.123+05:30');
    // New Zealand's winter: standard time, +12:00; midnight is 00, not 24.
    expect(isoInTimeZone(new Date('2026-06-30T12:00:00Z'), 'Pacific/Auckland')).toBe('2026-07-01T00:00:00.000+12:00');
  });

  it('names the day and the time on the zone\'s clock', () => {
    const instant = new Date('2026-11-25T14:55:00Z');
    expect(dayInTimeZone(instant, 'UTC')).toBe('Nov 25, 2026');
    expect(dayInTimeZone(instant, 'Pacific/Auckland')).toBe('Nov 26, 2026');
    expect(dateTimeInTimeZone(instant, 'UTC')).toBe('Nov 25, 2026, 2:55 PM');
    expect(dateTimeInTimeZone(instant, 'Pacific/Auckland')).toBe('Nov 26, 2026, 3:55 AM');
  });
});

describe('the store day in words and the same store day', () => {
  it("writes the day in words on the zone's calendar", () => {
    expect(dayInWordsInTimeZone(new Date('2026-11-25T14:55:00Z'), 'Pacific/Auckland')).toBe('26 November 2026');
    expect(dayInWordsInTimeZone(new Date('2026-11-25T14:55:00Z'), 'UTC')).toBe('25 November 2026');
  });

  it("tells whether two instants share the zone's day, at its midnight", () => {
    // Midnight of 26 November in Auckland is 11:00 UTC on 25 November.
    expect(sameDayInTimeZone(new Date('2026-11-25T11:00:00Z'), new Date('2026-11-26T10:59:59Z'), 'Pacific/Auckland')).toBe(true);
    expect(sameDayInTimeZone(new Date('2026-11-25T10:59:59Z'), new Date('2026-11-25T11:00:00Z'), 'Pacific/Auckland')).toBe(false);
    expect(sameDayInTimeZone(new Date('2026-11-25T10:59:59Z'), new Date('2026-11-25T11:00:00Z'), 'UTC')).toBe(true);
  });
});
