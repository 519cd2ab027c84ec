import { describe, expect, it } from 'vitest';
import { creditDays, creditsPerDay, creditsRunLow, creditsText, daysText, minuteOf, nearestRank, unreachableLongEnough } from '../../src/domain/panel-health';

/** The panel watch's rules (decision 0093), with the numbers the owner reads. */
describe("the panel's health rules", () => {
  it('counts a check for the minute it started in', () => {
    expect(minuteOf(new Date('2027-03-01T12:04:59.999Z')).toISOString()).toBe('2027-03-01T12:04:00.000Z');
    expect(minuteOf(new Date('2027-03-01T12:05:00.000Z')).toISOString()).toBe('2027-03-01T12:05:00.000Z');
  });

  it('alerts after 5 minutes of failed checks, not 4', () => {
    const first = new Date('2027-03-01T12:00:00.000Z');
    expect(unreachableLongEnough(first, new Date('2027-03-01T12:04:00.000Z'))).toBe(false);
    expect(unreachableLongEnough(first, new Date('2027-03-01T12:05:00.000Z'))).toBe(true);
  });

  it("takes the credits' rate as the devices of the last 7 days over 7, and the days they last from it", () => {
    expect(creditsPerDay(14)).toBe(2);
    expect(creditDays(9, 14)).toBe(4.5);
    expect(creditDays(6, 14)).toBe(3);
    expect(creditDays(7, 14)).toBe(3.5);
    // Nothing sold: they never run out at that rate; none left: out now.
    expect(creditDays(50, 0)).toBeNull();
    expect(creditDays(0, 0)).toBe(0);
    expect(creditDays(-2, 14)).toBe(0);
  });

  it('calls credits low when they run out within 3 days, 3 included', () => {
    expect(creditsRunLow(3)).toBe(true);
    expect(creditsRunLow(0)).toBe(true);
    expect(creditsRunLow(3.5)).toBe(false);
    expect(creditsRunLow(null)).toBe(false);
  });

  it('takes percentiles by nearest rank', () => {
    expect(nearestRank([10, 20, 30, 40], 0.5)).toBe(20);
    expect(nearestRank([10, 20, 30, 40], 0.99)).toBe(40);
    const hundred = Array.from({ length: 100 }, (_, i) => i + 1);
    expect(nearestRank(hundred, 0.5)).toBe(50);
    expect(nearestRank(hundred, 0.57)).toBe(57);
    expect(nearestRank(hundred, 0.99)).toBe(99);
    expect(nearestRank([7], 0.99)).toBe(7);
    expect(nearestRank([], 0.5)).toBeNull();
  });

  it('writes credits and days as the owner reads them', () => {
    expect(creditsText(1250.5)).toBe('1,250.5');
    expect(creditsText(2)).toBe('2');
    expect(creditsText(10 / 7)).toBe('1.43');
    expect(daysText(1)).toBe('1 day');
    expect(daysText(4.5)).toBe('4.5 days');
    expect(daysText(2.857)).toBe('2.9 days');
  });
});
