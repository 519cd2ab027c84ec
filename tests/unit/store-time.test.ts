import { describe, expect, it } from 'vitest';
import {
  canonicalTimeZone,
  customerDate,
  customerDateTime,
  dateTimeInTimeZone,
  dayInTimeZone,
  endOfDayInTimeZone,
  isoDayInTimeZone,
  isoInTimeZone,
  sameDayInTimeZone,
  startOfDayInTimeZone,
} from '../../src/domain/store-time';

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

  it('writes the clock on both sides of a change of offset, half and quarter hours included', () => {
    // New York springs forward at 2:00 (07:00 UTC), Auckland falls back at 3:00, Lord Howe by half an hour at 2:00.
    expect(isoInTimeZone(new Date('2026-03-08T06:59:59.999Z'), 'America/New_York')).toBe('2026-03-08T01:59:59.999-05:00');
    expect(isoInTimeZone(new Date('2026-03-08T07:00:00.000Z'), 'America/New_York')).toBe('2026-03-08T03:00:00.000-04:00');
    expect(isoInTimeZone(new Date('2026-04-04T13:59:59.999Z'), 'Pacific/Auckland')).toBe('2026-04-05T02:59:59.999+13:00');
    expect(isoInTimeZone(new Date('2026-04-04T14:00:00.000Z'), 'Pacific/Auckland')).toBe('2026-04-05T02:00:00.000+12:00');
    expect(isoInTimeZone(new Date('2026-04-04T14:59:59.999Z'), 'Australia/Lord_Howe')).toBe('2026-04-05T01:59:59.999+11:00');
    expect(isoInTimeZone(new Date('2026-04-04T15:00:00.000Z'), 'Australia/Lord_Howe')).toBe('2026-04-05T01:30:00.000+10:30');
    expect(isoInTimeZone(new Date('2026-11-25T14:55:00.123Z'), 'Asia/Kathmandu')).toBe('2026-11-25T20:40:00.123+05:45');
  });

  it('gives the clock Intl reads for every instant of a year, as it did when it asked Intl each time', () => {
    const start = Date.parse('2026-01-01T00:00:00Z');
    for (const zone of ['UTC', 'America/New_York', 'Pacific/Auckland', 'Australia/Lord_Howe', 'Pacific/Chatham', 'Europe/London']) {
      const intl = new Intl.DateTimeFormat('en-US', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' });
      // Every 97 minutes and 13.5 seconds through 2026: every hour of the day, each change of offset passed.
      for (let at = start; at < start + 366 * 86_400_000; at += 5_833_500) {
        const date = new Date(at);
        const p = Object.fromEntries(intl.formatToParts(date).map((part) => [part.type, part.value]));
        expect(isoInTimeZone(date, zone).slice(0, 23), `${date.toISOString()} in ${zone}`).toBe(`${p.year}-${p.month}-${p.day}T${p.hour}:${p.minute}:${p.second}.${String(date.getUTCMilliseconds()).padStart(3, '0')}`);
      }
    }
  });

  it('names the day and the time on the zone\'s clock', () => {
    const instant = new Date('2026-11-25T14:55:00Z');
    expect(dayInTimeZone(instant, 'UTC')).toBe('Nov 25, 2026');
    expect(dayInTimeZone(instant, 'Pacific/Auckland')).toBe('Nov 26, 2026');
    expect(dateTimeInTimeZone(instant, 'UTC')).toBe('Nov 25, 2026, 2:55 PM');
    expect(dateTimeInTimeZone(instant, 'Pacific/Auckland')).toBe('Nov 26, 2026, 3:55 AM');
  });
});

describe('the same store day, and a day as its instants', () => {
  it("tells whether two instants share the zone's day, at its midnight", () => {
    // Midnight of 26 November in Auckland is 11:00 UTC on 25 November.
    expect(sameDayInTimeZone(new Date('2026-11-25T11:00:00Z'), new Date('2026-11-26T10:59:59Z'), 'Pacific/Auckland')).toBe(true);
    expect(sameDayInTimeZone(new Date('2026-11-25T10:59:59Z'), new Date('2026-11-25T11:00:00Z'), 'Pacific/Auckland')).toBe(false);
    expect(sameDayInTimeZone(new Date('2026-11-25T10:59:59Z'), new Date('2026-11-25T11:00:00Z'), 'UTC')).toBe(true);
  });

  it("gives a day's first and last instants on the zone's clock, DST days included", () => {
    expect(startOfDayInTimeZone('2026-12-01', 'America/New_York').toISOString()).toBe('2026-12-01T05:00:00.000Z');
    expect(endOfDayInTimeZone('2026-12-31', 'America/New_York').toISOString()).toBe('2027-01-01T04:59:59.999Z');
    expect(startOfDayInTimeZone('2026-11-26', 'Pacific/Auckland').toISOString()).toBe('2026-11-25T11:00:00.000Z');
    expect(startOfDayInTimeZone('2026-12-01', 'UTC').toISOString()).toBe('2026-12-01T00:00:00.000Z');
    expect(endOfDayInTimeZone('2026-12-01', 'UTC').toISOString()).toBe('2026-12-01T23:59:59.999Z');
    // New York's spring-forward day has 23 hours.
    expect(endOfDayInTimeZone('2026-03-08', 'America/New_York').toISOString()).toBe('2026-03-09T03:59:59.999Z');
    // Santiago's clocks skip from midnight to 1:00 on 6 September 2026: the day starts at the jump.
    expect(startOfDayInTimeZone('2026-09-06', 'America/Santiago').toISOString()).toBe('2026-09-06T04:00:00.000Z');
    expect(isoDayInTimeZone(new Date('2026-09-06T03:59:59.999Z'), 'America/Santiago')).toBe('2026-09-05');
    expect(isoDayInTimeZone(new Date('2026-12-01T04:59:59Z'), 'America/New_York')).toBe('2026-11-30');
  });
});

describe("a customer's dates, on the pages and in the emails (decision 0074)", () => {
  const instant = new Date('2027-01-04T19:05:00Z');

  it("writes a date as 'MMMM d, yyyy' on the zone's calendar", () => {
    expect(customerDate(instant, 'America/New_York')).toBe('January 4, 2027');
    expect(customerDate(instant, 'Asia/Tokyo')).toBe('January 5, 2027');
    expect(customerDate(instant, 'UTC')).toBe('January 4, 2027');
  });

  it("writes a date with its time on the zone's clock, the zone named", () => {
    expect(customerDateTime(instant, 'America/New_York')).toBe('January 4, 2027 at 2:05 PM (America/New_York)');
    expect(customerDateTime(instant, 'Asia/Tokyo')).toBe('January 5, 2027 at 4:05 AM (Asia/Tokyo)');
    expect(customerDateTime(instant, 'UTC')).toBe('January 4, 2027 at 7:05 PM (UTC)');
    expect(customerDateTime(new Date('2026-03-30T23:59:59.999Z'), 'UTC')).toBe('March 30, 2026 at 11:59 PM (UTC)');
    // Midnight is 12, not 0, and one zone asked for between two others changes neither.
    expect(customerDateTime(new Date('2026-12-01T05:00:00Z'), 'America/New_York')).toBe('December 1, 2026 at 12:00 AM (America/New_York)');
    expect(customerDateTime(instant, 'America/New_York')).toBe('January 4, 2027 at 2:05 PM (America/New_York)');
  });
});
