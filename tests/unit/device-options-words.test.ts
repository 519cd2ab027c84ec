import { afterAll, describe, expect, it } from 'vitest';
import { deviceOptionLabel } from '../../src/client/lib/device-options';
import { addMessages } from '../../src/client/lib/i18n';
import { amountText } from '../../src/client/lib/price-text';
import { money } from '../../src/domain/currencies';
import arPayment from '../../src/messages/ar/payment.json';
import enPayment from '../../src/messages/en/payment.json';
import ptPayment from '../../src/messages/pt-BR/payment.json';

/**
 * The devices selects of checkout and the renewal dialog in the page's language (decision
 * 0106): counts as ICU plurals (Arabic's dual and few), the fee as the amounts are written.
 */
describe("the device options in the page's language", () => {
  afterAll(() => addMessages('en', ['payment'], enPayment));

  it('keeps the spec\'s English', () => {
    expect([1, 2, 3, 4].map((count) => deviceOptionLabel(count))).toEqual(['1 device (included)', '2 devices (+$5.99)', '3 devices (+$11.98)', '4 devices (+$17.97)']);
  });

  it('counts the devices in Brazilian Portuguese', () => {
    addMessages('pt-BR', ['payment'], ptPayment);
    const fee = (cents: number) => amountText(money(cents, 'BRL'));
    expect([1, 2, 4].map((count) => deviceOptionLabel(count, 'BRL'))).toEqual(['1 dispositivo (incluído)', `2 dispositivos (+${fee(2999)})`, `4 dispositivos (+${fee(8997)})`]);
  });

  it("counts the devices in Arabic, with its dual and its few", () => {
    addMessages('ar', ['payment'], arPayment);
    const fee = (cents: number) => amountText(money(cents, 'USD'));
    expect([1, 2, 3, 4].map((count) => deviceOptionLabel(count))).toEqual(['جهاز واحد (مشمول)', `جهازان (+${fee(599)})`, `3 أجهزة (+${fee(1198)})`, `4 أجهزة (+${fee(1797)})`]);
  });
});
