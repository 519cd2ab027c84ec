import { createElement } from 'react';
import type { Locale } from '#domain/locales';
import { storeLink, type Email } from '#server/lib/email/index';
import { wordsIn } from '#server/lib/i18n/index';
import { CompensationEmail } from './compensation-template';

export interface CompensationDetails {
  to: string;
  firstName: string;
  timeZone: string;
  incidentTitle: string;
  days: number;
  subscriptions: ReadonlyArray<{ packageName: string; orderId: string; expiresAt: Date }>;
  /** The customer's language (decision 0107); English when absent. */
  locale?: Locale;
}

/**
 * The email of an incident's compensation to one customer (decision 0094), listing every
 * subscription of theirs it extended with its new expiry; queued by the incidents workflow in
 * the compensation's transaction.
 */
export function compensationMail(details: CompensationDetails, publicUrl: string): Email {
  const { to, firstName, timeZone, incidentTitle, days, locale = 'en' } = details;
  const words = wordsIn(locale);
  const { t } = words;
  const subscriptions = details.subscriptions.map((line) => ({ name: `${line.packageName} (${line.orderId})`, expiresOn: words.dateTime(line.expiresAt, timeZone) }));
  const added = t('emails.compensation.days', { days });
  const text = [
    t('mail.hello', { name: firstName }),
    '',
    t('emails.compensation.sorry', { title: incidentTitle, added, count: subscriptions.length }),
    '',
    ...subscriptions.map(({ name, expiresOn }) => t('emails.compensation.nowExpiresLine', { name, date: expiresOn })),
    '',
    t('emails.compensation.accountLine', { link: storeLink(publicUrl, '/account') }),
    '',
    'StreamPlus',
  ].join('\n');
  return { to, subject: t('emails.compensation.subject', { added }), text, html: createElement(CompensationEmail, { firstName, incidentTitle, days, subscriptions, locale }) };
}
