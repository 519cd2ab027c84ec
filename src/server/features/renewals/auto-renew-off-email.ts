import { createElement } from 'react';
import type { Locale } from '#domain/locales';
import { storeLink, type Email } from '#server/lib/email/index';
import { wordsIn } from '#server/lib/i18n/index';
import { AutoRenewOffEmail } from './auto-renew-off-template';

/** The confirmation that automatic renewal was turned off (decision 0044): transactional, so no unsubscribe link. */
export function autoRenewOffMail(
  details: { to: string; firstName: string; packageName: string; deviceCount: number; expirationDate: Date; timeZone: string; locale?: Locale },
  publicUrl: string,
): Email {
  const words = wordsIn(details.locale ?? 'en');
  const { t } = words;
  const expiresOn = words.dateTime(details.expirationDate, details.timeZone);
  const { firstName, packageName, deviceCount } = details;
  const text = [
    t('mail.hello', { name: firstName }),
    '',
    t('autoRenewOff.off', { packageName }),
    `${t('mail.fact.package')}: ${packageName}`,
    `${t('mail.fact.devices')}: ${deviceCount}`,
    `${t('mail.fact.expires')}: ${expiresOn}`,
    '',
    t('autoRenewOff.backOnLink', { link: storeLink(publicUrl, '/account') }),
    '',
    'StreamPlus',
  ].join('\n');
  return {
    to: details.to,
    subject: t('autoRenewOff.subject'),
    text,
    html: createElement(AutoRenewOffEmail, { firstName, packageName, deviceCount, expiresOn, locale: words.locale }),
  };
}
