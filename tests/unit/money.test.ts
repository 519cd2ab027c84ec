import { describe, expect, it } from 'vitest';
import { formatDollars, formatMoney, parseMoney } from '../../src/domain/money';

describe('money', () => {
  it('parses decimal strings to exact cents', () => {
    expect(parseMoney('15.99')).toBe(1599);
    expect(parseMoney('0.00')).toBe(0);
    expect(parseMoney('5')).toBe(500);
    expect(parseMoney('5.9')).toBe(590);
    expect(parseMoney('-1.05')).toBe(-105);
    expect(parseMoney('99999999.99')).toBe(9_999_999_999);
  });

  it('refuses what is not an amount of money', () => {
    for (const bad of ['', 'abc', '1.999', '1e3', '1,00', 'NaN', '.5']) expect(() => parseMoney(bad)).toThrow();
  });

  it('formats cents as the API and the shopper read them', () => {
    expect(formatMoney(1599)).toBe('15.99');
    expect(formatMoney(5)).toBe('0.05');
    expect(formatMoney(0)).toBe('0.00');
    expect(formatMoney(-105)).toBe('-1.05');
    expect(formatDollars(1797)).toBe('$17.97');
    expect(formatDollars(-500)).toBe('-$5.00');
    expect(() => formatMoney(1.5)).toThrow();
  });

  it('round-trips every cent amount without drift', () => {
    for (let cents = 0; cents < 20_000; cents += 7) expect(parseMoney(formatMoney(cents))).toBe(cents);
  });
});
