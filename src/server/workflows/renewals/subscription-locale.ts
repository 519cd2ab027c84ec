import type { Locale } from '#domain/locales';
import type { DbOrTx } from '#server/db/connect';
import { localeOr } from '#server/lib/i18n/index';
import { lastPaidOrder } from './crypto-invoices';

/**
 * The language a subscription's renewals and reminders are written in (decision 0107): its
 * last paid order's (the first order, or a renewal's), else its customer's saved one, else English.
 */
export async function localeOfSubscription(db: DbOrTx, subscriptionId: string, customerLocale: string | null): Promise<Locale> {
  return localeOr((await lastPaidOrder(db, subscriptionId))?.locale, customerLocale);
}
