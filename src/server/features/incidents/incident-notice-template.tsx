import type { Locale } from '#domain/locales';
import { EmailButton, EmailLayout, Facts, Paragraph, useStoreLink } from '#server/lib/email/index';
import { wordsIn } from '#server/lib/i18n/index';

export interface IncidentNoticeProps {
  firstName: string;
  title: string;
  /** The owner's words, paragraph by paragraph. */
  paragraphs: string[];
  /** The packages it affects in words: 'All packages', or their names. */
  affects: string;
  /** When it began, in the customer's zone. */
  startedOn: string;
  /** The customer's language (decision 0107); English when absent. */
  locale?: Locale;
}

/** A service notice of an incident the owner posted (decision 0094): sent whatever the customer's reminder choice. */
export function IncidentNoticeEmail({ firstName, title, paragraphs, affects, startedOn, locale = 'en' }: IncidentNoticeProps) {
  const status = useStoreLink('/status');
  const { t } = wordsIn(locale);
  return (
    <EmailLayout preview={t('emails.incident.subject', { title })} heading={title} locale={locale}>
      <Paragraph>{t('mail.hello', { name: firstName })}</Paragraph>
      {paragraphs.map((paragraph, index) => (
        // The owner's paragraphs never change order once written: their place is their identity.
        <Paragraph key={index}>{paragraph}</Paragraph>
      ))}
      <Facts
        rows={[
          [t('emails.incident.affects'), affects],
          [t('emails.incident.started'), startedOn],
        ]}
      />
      <EmailButton href={status}>{t('emails.incident.button')}</EmailButton>
      <Paragraph muted>{t('emails.incident.footnote')}</Paragraph>
    </EmailLayout>
  );
}

export const incidentNoticeSample: IncidentNoticeProps = {
  firstName: 'Mona',
  title: 'Some channels are not playing',
  paragraphs: ['Our streaming provider has an outage: some live channels do not start.', 'We are working with them and expect it fixed within the hour.'],
  affects: '1 Month Premium, 3 Months Premium',
  startedOn: 'December 3, 2026 at 9:00 AM (UTC)',
};
