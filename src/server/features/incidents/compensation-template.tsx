import type { Locale } from '#domain/locales';
import { EmailButton, EmailLayout, Facts, Paragraph, useStoreLink } from '#server/lib/email/index';
import { wordsIn } from '#server/lib/i18n/index';

export interface CompensationProps {
  firstName: string;
  incidentTitle: string;
  days: number;
  /** Each extended subscription: its package and order, and its new expiry in words. */
  subscriptions: ReadonlyArray<{ name: string; expiresOn: string }>;
  /** The customer's language (decision 0107); English when absent. */
  locale?: Locale;
}

/** Days added to the customer's subscriptions after an incident (decision 0094): one email per customer, listing each. */
export function CompensationEmail({ firstName, incidentTitle, days, subscriptions, locale = 'en' }: CompensationProps) {
  const account = useStoreLink('/account');
  const { t } = wordsIn(locale);
  const added = t('emails.compensation.days', { days });
  return (
    <EmailLayout preview={t('emails.compensation.preview', { added })} heading={t('emails.compensation.heading', { added })} locale={locale}>
      <Paragraph>{t('mail.hello', { name: firstName })}</Paragraph>
      <Paragraph>{t('emails.compensation.sorry', { title: incidentTitle, added, count: subscriptions.length })}</Paragraph>
      <Facts rows={subscriptions.map(({ name, expiresOn }) => [name, t('emails.compensation.nowExpires', { date: expiresOn })] as const)} />
      <EmailButton href={account}>{t('emails.compensation.button')}</EmailButton>
      <Paragraph muted>{t('emails.compensation.footnote')}</Paragraph>
    </EmailLayout>
  );
}

export const compensationSample: CompensationProps = {
  firstName: 'Mona',
  incidentTitle: 'Some channels were not playing',
  days: 3,
  subscriptions: [
    { name: '1 Month Premium (SP-1732000000000-123456)', expiresOn: 'January 4, 2027 at 9:00 AM (UTC)' },
    { name: 'Streaming Box (SP-1732000000000-654321)', expiresOn: 'June 7, 2027 at 2:15 PM (UTC)' },
  ],
};
