import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { deviceFeeSentence } from '../../src/client/features/landing';
import { addMessages } from '../../src/client/lib/i18n';
import ptLanding from '../../src/messages/pt-BR/landing.json';

/**
 * The landing page names the fee of each extra device in the buyer's currency (decision 0114),
 * the English in dollars exactly as before. The English catalogue is loaded by the unit setup;
 * the Portuguese test loads its own, so they run in this order.
 */
const sentence = (key: string, currency: Parameters<typeof deviceFeeSentence>[1]) => renderToStaticMarkup(<>{deviceFeeSentence(key, currency)}</>);

describe('the device fee on the landing page', () => {
  it('keeps the English dollar sentences as they were', () => {
    expect(sentence('landing.packages.text', 'USD')).toBe('1 device included, extra devices $5.99 each, up to 4 devices per account.');
    expect(sentence('landing.features.devices.text', 'USD')).toBe(
      'Up to 4 devices per account. 1 device included, extra devices $5.99 each. Each login works on one device at a time.',
    );
  });

  it("names the fee of the buyer's currency", () => {
    expect(sentence('landing.packages.text', 'EUR')).toBe('1 device included, extra devices €5.49 each, up to 4 devices per account.');
    expect(sentence('landing.packages.text', 'GBP')).toBe('1 device included, extra devices £4.99 each, up to 4 devices per account.');
  });

  it('writes it as a reader of the page does', () => {
    addMessages('pt-BR', ['landing'], ptLanding);
    expect(sentence('landing.packages.text', 'BRL')).toBe('1 dispositivo incluído, dispositivos extras por R$\u00a029,99 cada, até 4 dispositivos por conta.');
    expect(sentence('landing.features.devices.text', 'USD')).toBe(
      'Até 4 dispositivos por conta. 1 dispositivo incluído, dispositivos extras por US$\u00a05,99 cada. Cada login funciona em um dispositivo por vez.',
    );
  });
});
