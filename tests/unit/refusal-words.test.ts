import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { translateRefusal } from '../../src/server/lib/i18n/index';
import type { Locale } from '../../src/domain/locales';
import english from '../../src/messages/en/errors.json';

/** The server's refusals in the caller's language, found by their English words (decision 0113). */
describe("a refusal in the caller's language", () => {
  it('answers a sentence the catalogue holds in each language, and leaves English exactly as written', () => {
    expect(translateRefusal('Invalid email or password', 'en')).toBe('Invalid email or password');
    expect(translateRefusal('Invalid email or password', 'pt-BR')).toBe('E-mail ou senha inválidos');
    expect(translateRefusal('This coupon code is not valid', 'es')).toBe('Este código de cupón no es válido');
    expect(translateRefusal('Your card was declined.', 'ar')).toBe('تم رفض بطاقتك.');
  });

  it('finds a sentence with parts by its fixed words and keeps a product name and a currency as they are', () => {
    expect(translateRefusal('12 Months Premium is not available in BRL', 'pt-BR')).toBe('12 Months Premium não está disponível em BRL');
    expect(translateRefusal('This coupon is only valid for orders in USD', 'de')).toBe('Dieser Gutschein gilt nur für Bestellungen in USD');
    expect(translateRefusal('Device count must be a whole number from 1 to 5', 'fr')).toBe("Le nombre d'appareils doit être un nombre entier de 1 à 5");
  });

  it("says a coupon's minimum order in its own currency as the caller writes amounts, English as before", () => {
    const atLeast = (amount: string) => `This coupon requires an order of at least ${amount}`;
    const said: Array<[string, Locale, string]> = [
      [atLeast('$30.00'), 'en', atLeast('$30.00')],
      [atLeast('€30.00'), 'en', atLeast('€30.00')],
      [atLeast('€30.00'), 'pt-BR', 'Este cupom exige um pedido de pelo menos €\u00a030,00'],
      [atLeast('$30.00'), 'pt-BR', 'Este cupom exige um pedido de pelo menos US$\u00a030,00'],
      [atLeast('€1,250.00'), 'de', 'Dieser Gutschein erfordert einen Bestellwert von mindestens 1.250,00\u00a0€'],
      [atLeast('€30.00'), 'ar', 'تتطلب هذه القسيمة طلبًا بقيمة \u2066\u200f30.00\u00a0€\u2069 على الأقل'],
    ];
    expect(said.map(([english, locale]) => translateRefusal(english, locale))).toEqual(said.map(([, , expected]) => expected));
  });

  it("translates a field's English name inside a sentence", () => {
    expect(translateRefusal('First name is required', 'fr')).toBe('Prénom est obligatoire');
    expect(translateRefusal('ZIP code must be at most 20 characters', 'pt-BR')).toBe('O campo “CEP” deve ter no máximo 20 caracteres');
    expect(translateRefusal('Last name must not contain a web address', 'de')).toBe('Nachname darf keine Webadresse enthalten');
  });

  it('prefers the more particular sentence: "Device count is required" is its own sentence, not "{field} is required"', () => {
    expect(translateRefusal('Device count is required', 'es')).toBe('Se requiere el número de dispositivos');
    expect(translateRefusal('Package is required', 'pt-BR')).toBe('O pacote é obrigatório');
    expect(translateRefusal('Package is required', 'ar')).toBe('الباقة مطلوبة');
  });

  it('matches a whole sentence before a sentence with parts that its words would also fit', () => {
    expect(translateRefusal('Telegram is not available in this store.', 'es')).toBe('Telegram no está disponible en esta tienda.');
  });

  it("answers a support ticket's refusals in the caller's language", () => {
    expect(translateRefusal('Ticket not found', 'es')).toBe('Solicitud no encontrada');
    expect(translateRefusal('Email and order ID are required to write without signing in', 'pt-BR')).toBe('Para escrever sem entrar, informe o e-mail e o ID do pedido');
    expect(translateRefusal('Attachments must be PNG, JPEG or WebP images', 'de')).toBe('Anhänge müssen PNG-, JPEG- oder WebP-Bilder sein');
    expect(translateRefusal('This ticket has already been rated', 'fr')).toBe('Cette demande a déjà été notée');
    expect(translateRefusal('Subject must be at least 3 characters', 'es')).toBe('El campo «Asunto» debe tener al menos 3 caracteres');
    expect(translateRefusal('Message must be at most 5000 characters', 'de')).toBe('Nachricht darf höchstens 5000 Zeichen lang sein');
    expect(translateRefusal('Too many new requests from your network. Please try again in 1 minute, or reply to an open one.', 'fr')).toBe(
      'Trop de nouvelles demandes depuis votre réseau. Veuillez réessayer dans 1 minute, ou répondre à une demande ouverte.',
    );
    expect(translateRefusal('Too many new requests from your network. Please try again in 12 minutes, or reply to an open one.', 'pt-BR')).toBe(
      'Muitos chamados novos da sua rede. Tente novamente em 12 minutos ou responda a um chamado aberto.',
    );
  });

  it("answers a renewal's and its invoice's refusals in the caller's language", () => {
    expect(translateRefusal('Renewal invoice not found', 'ar')).toBe('فاتورة التجديد غير موجودة');
    expect(translateRefusal('Renewal not found', 'es')).toBe('Renovación no encontrada');
    expect(translateRefusal('This order can no longer be paid', 'de')).toBe('Diese Bestellung kann nicht mehr bezahlt werden');
  });

  it('leaves a refusal the catalogue does not hold in English', () => {
    expect(translateRefusal('Something only an admin sees', 'es')).toBe('Something only an admin sees');
  });

  it('holds only sentences the code still says: the fixed words of each are in src/', () => {
    const source = sourceText(path.resolve(import.meta.dirname, '..', '..', 'src'));
    const stale = Object.entries(english as Record<string, string>)
      .filter(([key]) => !key.startsWith('errors.label.'))
      .filter(([, sentence]) => !sentence.split(/\{\w+\}/).every((fixed) => source.includes(fixed.trim())));
    expect(stale).toEqual([]);
  });
});

function sourceText(dir: string): string {
  let text = '';
  for (const name of readdirSync(dir)) {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) {
      if (name !== 'messages') text += sourceText(file);
    } else if (/\.tsx?$/.test(name)) text += readFileSync(file, 'utf8');
  }
  return text;
}
