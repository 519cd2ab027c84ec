import { createElement } from 'react';
import type { Locale } from '#domain/locales';
import type { Email } from '#server/lib/email/index';
import { wordsIn } from '#server/lib/i18n/index';
import { PasswordLinkEmail } from './templates/password-link';

/** The emails that carry a password link; each link works once, for 48 hours. */
export type LinkMailKind = 'setup' | 'claim' | 'reset';

/**
 * The email of a password link in the customer's language (decision 0107): the customer's
 * saved one, English until one is known.
 */
export function linkMail(
  kind: LinkMailKind,
  { to, firstName, link, orderId, locale = 'en' }: { to: string; firstName: string; link: string; orderId?: string | null; locale?: Locale },
): Email {
  const { t } = wordsIn(locale);
  const opening = t(`link.${kind}.opening`, { orderId: orderId || 'none' });
  const text = [
    t('mail.hello', { name: firstName }),
    '',
    opening,
    '',
    link,
    '',
    t('link.expires'),
    kind === 'setup' ? '' : t('link.notYou'),
    '',
    'StreamPlus',
  ].join('\n');
  return { to, subject: t(`link.${kind}.subject`), text, html: createElement(PasswordLinkEmail, { kind, firstName, opening, link, locale }) };
}
