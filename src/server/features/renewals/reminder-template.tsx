import type { Locale } from '#domain/locales';
import { EmailButton, EmailLayout, Facts, Paragraph } from '#server/lib/email/index';
import { wordsIn } from '#server/lib/i18n/index';

export interface RenewalReminderProps {
  /** The heading, also the preview's start. */
  heading: string;
  firstName: string;
  /** What the email says, paragraph by paragraph, as its text version does. */
  paragraphs: readonly string[];
  /** The subscription's facts: package, devices, expiry. */
  facts: ReadonlyArray<readonly [term: string, value: string]>;
  /** A win-back offer's coupon code, shown large; null without one. */
  couponCode: string | null;
  /** The one button: "Renew now" to the account or the crypto invoice. */
  button: { label: string; href: string };
  /** A muted closing line. */
  footnote: string | null;
  /** The subscription's language (decision 0107); English when absent. */
  locale?: Locale;
}

/**
 * Every email of the renewal schedule (decision 0046): the reminders
 * before expiry, the trial's, the grace notice, the win-back offers and the notice that a
 * package is no longer sold. Reminder emails, with their unsubscribe link (decision 0040).
 */
export function RenewalReminderEmail({ heading, firstName, paragraphs, facts, couponCode, button, footnote, locale = 'en' }: RenewalReminderProps) {
  const { t } = wordsIn(locale);
  return (
    <EmailLayout preview={t('reminder.preview', { heading, first: paragraphs[0] ?? '' })} heading={heading} locale={locale}>
      <Paragraph>{t('mail.hello', { name: firstName })}</Paragraph>
      {paragraphs.map((paragraph) => (
        <Paragraph key={paragraph}>{paragraph}</Paragraph>
      ))}
      <Facts rows={facts} />
      {couponCode && (
        <Paragraph>
          {t('reminder.yourCode')} <strong style={{ fontSize: '20px', letterSpacing: '2px' }}>{couponCode}</strong>
        </Paragraph>
      )}
      <EmailButton href={button.href}>{button.label}</EmailButton>
      {footnote && <Paragraph muted>{footnote}</Paragraph>}
    </EmailLayout>
  );
}

const sampleFacts = [
  ['Package', '1 Month Premium (1 month)'],
  ['Devices', '2'],
  ['Expires', 'December 9, 2026 at 9:00 AM (UTC)'],
] as const;

export const renewalReminderSample: RenewalReminderProps = {
  heading: 'Your subscription expires in 7 days',
  firstName: 'Mona',
  paragraphs: ['Your 1 Month Premium subscription expires on December 9, 2026 at 9:00 AM (UTC).', 'Renewing costs $17.98 today. A renewal is charged at the price of the day you pay.'],
  facts: sampleFacts,
  couponCode: null,
  button: { label: 'Renew now', href: 'http://localhost:5000/account' },
  footnote: 'Renew from your account to keep watching with the same credentials.',
};

/** A variant of the sample: its heading, words and button, as the milestone chooses them. */
const variant = (heading: string, paragraphs: string[], changes: Partial<RenewalReminderProps> = {}): RenewalReminderProps => ({ ...renewalReminderSample, heading, paragraphs, ...changes });

/** The auto-renewing subscription's notice 7 days before its charge: a service notice, without an unsubscribe link (decision 0075). */
export const renewalNoticeSample = variant(
  'Your subscription renews on December 6, 2026',
  [
    'Your 1 Month Premium subscription renews automatically. On December 6, 2026 at 9:00 AM (UTC) we will charge $17.98 to your card ending 4242, and your subscription will then run until January 9, 2027.',
    'If the price changes before then, we charge the price of that day. You will get a receipt once the payment goes through.',
    'To stop it, turn Automatic renewal off on your account page before December 6, 2026; your subscription then runs until it expires.',
  ],
  {
    button: { label: 'Manage your renewal', href: 'http://localhost:5000/account' },
    footnote: 'We send this notice to every subscription that renews automatically, whatever your choice of reminder emails.',
  },
);

export const trialReminderSample = variant('Your trial ends in 12 hours', ['Your free trial ends on December 9, 2026 at 9:00 AM (UTC).', 'Choose a package in your account to keep watching with the same credentials.'], {
  button: { label: 'Choose a package', href: 'http://localhost:5000/account' },
});

/** The grace period ended: a service notice (decision 0075). */
export const suspendedSample = variant(
  'Your subscription is suspended',
  [
    'Your 1 Month Premium subscription expired on December 9, 2026 at 9:00 AM (UTC) and its grace period has ended, so your devices have stopped.',
    'Renew from your account to restore it: your devices work again at once, with the same credentials. Renewing costs $17.98 today.',
  ],
  { footnote: null },
);

export const winBackSample = variant(
  'Come back to StreamPlus',
  ['Your 1 Month Premium subscription ended on December 9, 2026 at 9:00 AM (UTC).', 'Renew with this code at checkout and keep your credentials.'],
  { couponCode: 'COMEBACK10' },
);
