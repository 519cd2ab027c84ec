import type { Locale } from '#domain/locales';
import { EmailButton, EmailLayout, Facts, Paragraph, useStoreLink } from '#server/lib/email/index';
import { wordsIn } from '#server/lib/i18n/index';

export interface RenewalFailedProps {
  firstName: string;
  heading: string;
  /** What happened, in one sentence: the card was declined, or the package is no longer sold. */
  reason: string;
  /** What the customer can do now. */
  next: string;
  /** The subscription's facts: package, devices, amount, card, expiry. */
  facts: ReadonlyArray<readonly [string, string]>;
  /** The one button, to the account page or the store's packages. */
  button: { label: string; path: string };
  /** The subscription's language (decision 0107); English when absent. */
  locale?: Locale;
}

/**
 * An automatic renewal that charged nothing (renewals feature): the card was declined (each
 * attempt says so), or the package is no longer sold. Transactional: no unsubscribe link.
 */
export function RenewalFailedEmail({ firstName, heading, reason, next, facts, button, locale = 'en' }: RenewalFailedProps) {
  const href = useStoreLink(button.path);
  const { t } = wordsIn(locale);
  return (
    <EmailLayout preview={reason} heading={heading} locale={locale}>
      <Paragraph>{t('mail.hello', { name: firstName })}</Paragraph>
      <Paragraph>{reason}</Paragraph>
      <Facts rows={facts} />
      <Paragraph>{next}</Paragraph>
      <EmailButton href={href}>{button.label}</EmailButton>
    </EmailLayout>
  );
}

export const renewalFailedSample: RenewalFailedProps = {
  firstName: 'Mona',
  heading: 'Your renewal payment failed',
  reason: 'We could not charge $15.00 to your Visa ending 9995 for your 1 Month Premium renewal: Your card has insufficient funds.',
  next: 'We will try again on December 30, 2026 at 9:00 AM (UTC). Update your card before then and that attempt charges the new card.',
  facts: [
    ['Package', '1 Month Premium'],
    ['Devices', '1'],
    ['Amount', '$15.00'],
    ['Card', 'Visa ending 9995'],
    ['Expires', 'January 1, 2027 at 9:00 AM (UTC)'],
  ],
  button: { label: 'Update card', path: '/account?update-card=sample' },
};

export const renewalSkippedSample: RenewalFailedProps = {
  firstName: 'Mona',
  heading: 'Your package is no longer sold',
  reason: 'Your 1 Month Premium subscription renews automatically, but the package is no longer sold, so we have not charged your card.',
  next: 'Choose another package to keep watching; your subscription runs until it expires.',
  facts: [
    ['Package', '1 Month Premium'],
    ['Devices', '1'],
    ['Expires', 'January 1, 2027 at 9:00 AM (UTC)'],
  ],
  button: { label: 'Choose a package', path: '/#packages' },
};
