import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { IntlMessageFormat } from 'intl-messageformat';
import { describe, expect, it } from 'vitest';
import { TELEGRAM_LINK_REFUSED_REPLY, TELEGRAM_LINKED_REPLY } from '../../src/contract/telegram';
import { SUPPORTED_LOCALES } from '../../src/domain/locales';
import { wordsIn } from '../../src/server/lib/i18n/index';

/** The server's areas of the message catalogues (decision 0107): every language has each, with English's keys. */
const root = path.resolve(import.meta.dirname, '..', '..', 'src', 'messages');
const AREAS = ['emails.json', 'errors.json', 'telegram.json'];
const read = (locale: string, area: string) => JSON.parse(readFileSync(path.join(root, locale, area), 'utf8')) as Record<string, unknown>;

describe("the server's message catalogues", () => {
  it('has a folder for each of the six languages, each with the emails and Telegram areas', () => {
    expect(SUPPORTED_LOCALES).toEqual(['en', 'es', 'pt-BR', 'fr', 'de', 'ar']);
    for (const locale of SUPPORTED_LOCALES) expect(readdirSync(path.join(root, locale)), locale).toEqual(expect.arrayContaining(AREAS));
  });

  it('has in every language exactly the keys of English, none missing and none extra', () => {
    for (const area of AREAS) {
      const english = Object.keys(read('en', area)).sort();
      expect(english.length, area).toBeGreaterThan(0);
      for (const locale of SUPPORTED_LOCALES) {
        const keys = Object.keys(read(locale, area)).sort();
        expect({ locale, area, missing: english.filter((key) => !keys.includes(key)), extra: keys.filter((key) => !english.includes(key)) }).toEqual({ locale, area, missing: [], extra: [] });
      }
    }
  });

  it('has each key in one area only', () => {
    const emails = Object.keys(read('en', 'emails.json'));
    const telegram = Object.keys(read('en', 'telegram.json'));
    expect(emails.filter((key) => telegram.includes(key))).toEqual([]);
  });

  it('has only non-empty ICU messages that parse, with the placeholders of English', () => {
    for (const area of AREAS) {
      const english = read('en', area);
      for (const locale of SUPPORTED_LOCALES) {
        for (const [key, message] of Object.entries(read(locale, area))) {
          expect(typeof message === 'string' && message.trim().length > 0, `${locale} ${key}`).toBe(true);
          expect(() => new IntlMessageFormat(message as string, locale), `${locale} ${key}`).not.toThrow();
          const names = (text: string) => [...new Set([...text.matchAll(/\{\s*(\w+)\s*[,}]/g)].map((match) => match[1]))].sort();
          expect(names(message as string), `${locale} ${key}`).toEqual(names(english[key] as string));
        }
      }
    }
  });

  it("writes English exactly as the store wrote it before there were catalogues, and the others in their language", () => {
    expect(wordsIn('en').t('telegram.linked')).toBe(TELEGRAM_LINKED_REPLY);
    expect(wordsIn('en').t('telegram.linkRefused')).toBe(TELEGRAM_LINK_REFUSED_REPLY);
    expect(wordsIn('en').t('receipt.subject', { orderId: 'SP-1' })).toBe('Order Confirmation - SP-1');
    expect(wordsIn('pt-BR').t('receipt.subject', { orderId: 'SP-1' })).toBe('Confirmação do pedido - SP-1');
    expect(wordsIn('es').t('telegram.linked')).toContain('Tu cuenta de StreamPlus está vinculada');
    expect(wordsIn('en').t('receipt.autoRenewalValue', { amount: '$44.97', days: 3 })).toBe('on, $44.97 3 days before each expiry');
    expect(wordsIn('de').t('receipt.autoRenewalValue', { amount: '44,97 €', days: 1 })).toBe('an, 44,97 € 1 Tag vor jedem Ablauf');
  });

  it('writes amounts in their currency and dates in the language, English as before', () => {
    const day = new Date('2027-01-04T14:05:00Z');
    expect(wordsIn('en').price(4047, 'USD')).toBe('$40.47');
    expect(wordsIn('en').price(-450, 'USD')).toBe('-$4.50');
    expect(wordsIn('en').dateTime(day, 'America/New_York')).toBe('January 4, 2027 at 9:05 AM (America/New_York)');
    expect(wordsIn('pt-BR').price(4047, 'BRL')).toBe('R$\u00a040,47');
    expect(wordsIn('fr').price(4047, 'EUR')).toBe('40,47\u00a0€');
    expect(wordsIn('de').date(day, 'UTC')).toBe('4. Januar 2027');
    expect(wordsIn('es').date(day, 'UTC')).toBe('4 de enero de 2027');
    expect(wordsIn('ar').dir).toBe('rtl');
    expect(wordsIn('fr').dir).toBe('ltr');
  });
});
