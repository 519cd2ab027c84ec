import type { Locale } from '#domain/locales';
import arEmails from '../../../messages/ar/emails.json';
import arErrors from '../../../messages/ar/errors.json';
import arTelegram from '../../../messages/ar/telegram.json';
import deEmails from '../../../messages/de/emails.json';
import deErrors from '../../../messages/de/errors.json';
import deTelegram from '../../../messages/de/telegram.json';
import enEmails from '../../../messages/en/emails.json';
import enErrors from '../../../messages/en/errors.json';
import enTelegram from '../../../messages/en/telegram.json';
import esEmails from '../../../messages/es/emails.json';
import esErrors from '../../../messages/es/errors.json';
import esTelegram from '../../../messages/es/telegram.json';
import frEmails from '../../../messages/fr/emails.json';
import frErrors from '../../../messages/fr/errors.json';
import frTelegram from '../../../messages/fr/telegram.json';
import ptBrEmails from '../../../messages/pt-BR/emails.json';
import ptBrErrors from '../../../messages/pt-BR/errors.json';
import ptBrTelegram from '../../../messages/pt-BR/telegram.json';

/**
 * The server's message catalogues (decision 0107): src/messages/<locale>/<area>.json, the
 * areas the server speaks (emails, Telegram, its refusals: decision 0113), one flat object of
 * ICU messages each. English names the keys; a language missing one fails type checking here and
 * tests/unit/server-catalogues.test.ts.
 */
export type MessageKey = keyof typeof enEmails | keyof typeof enErrors | keyof typeof enTelegram;
type Catalogue = Record<MessageKey, string>;

export const CATALOGUES: Record<Locale, Catalogue> = {
  en: { ...enEmails, ...enErrors, ...enTelegram },
  es: { ...esEmails, ...esErrors, ...esTelegram },
  'pt-BR': { ...ptBrEmails, ...ptBrErrors, ...ptBrTelegram },
  fr: { ...frEmails, ...frErrors, ...frTelegram },
  de: { ...deEmails, ...deErrors, ...deTelegram },
  ar: { ...arEmails, ...arErrors, ...arTelegram },
};
