import { describe, expect, it } from 'vitest';
import { englishAmount, money, readEnglishAmount } from '../../src/domain/currencies';

/** Amounts in the store's English sentences, read back so that a translation can say them (decision 0113). */
describe('an amount as an English sentence writes it', () => {
  it("writes USD as the spec does and the other currencies by their sign, in the coupon's currency", () => {
    expect(englishAmount(money(2500, 'USD'))).toBe('$25.00');
    expect(englishAmount(money(2500, 'EUR'))).toBe('€25.00');
    expect(englishAmount(money(2500, 'GBP'))).toBe('£25.00');
    expect(englishAmount(money(7990, 'BRL'))).toBe('R$79.90');
  });

  it('reads back each written amount, with or without thousands separators', () => {
    for (const amount of [money(2500, 'USD'), money(125_000, 'USD'), money(2500, 'EUR'), money(125_000, 'GBP'), money(7990, 'BRL')]) {
      expect(readEnglishAmount(englishAmount(amount))).toEqual(amount);
    }
    expect(readEnglishAmount('€1,250.00')).toEqual(money(125_000, 'EUR'));
    expect(readEnglishAmount('-$5.00')).toEqual(money(-500, 'USD'));
  });

  it('reads nothing else as an amount: a code after the figures, a name, a bare number', () => {
    for (const text of ['25.00 EUR', '$25', '€1,25.00', '12 Months Premium', '5', 'USD', '$99999999999999999999.00']) expect(readEnglishAmount(text)).toBeNull();
  });
});
