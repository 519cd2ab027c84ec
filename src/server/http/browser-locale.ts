import { localeFromAcceptLanguage, type Locale } from '#domain/locales';

/** The supported language a request's Accept-Language asks for (English when none): the last choice for a customer's emails (decision 0107). */
export const browserLocaleOf = (headers: { 'accept-language'?: string | undefined }): Locale => localeFromAcceptLanguage(headers['accept-language']);
