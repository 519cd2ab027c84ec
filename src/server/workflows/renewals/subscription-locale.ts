import { DEFAULT_CURRENCY, type CurrencyCode } from '#domain/currencies';
import type { Locale } from '#domain/locales';
import type { DbOrTx } from '#server/db/connect';
import { localeOr } from '#server/lib/i18n/index';
import { lastPaidOrder } from './crypto-invoices';

/**
 * The language and currency a subscription's renewals and their emails are in (decisions 0104,
 * 0107): its last paid order's (the first order, or a renewal's); without one, the customer's
 * saved language, else English, and USD.
 */
export async function termsOfSubscription(db: DbOrTx, subscriptionId: string, customerLocale: string | null): Promise<{ locale: Locale; currency: CurrencyCode }> {
  const last = await lastPaidOrder(db, subscriptionId);
  return { locale: localeOr(last?.locale, customerLocale), currency: last?.currency ?? DEFAULT_CURRENCY };
}

/** The language alone, for the emails that name no amount. */
export async function localeOfSubscription(db: DbOrTx, subscriptionId: string, customerLocale: string | null): Promise<Locale> {
  return (await termsOfSubscription(db, subscriptionId, customerLocale)).locale;
}
