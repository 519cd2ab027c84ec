import { EmailButton, EmailLayout, Facts, Paragraph, useStoreLink } from '#server/lib/email/index';

export interface IncidentNoticeProps {
  firstName: string;
  title: string;
  /** The owner's words, paragraph by paragraph. */
  paragraphs: string[];
  /** The packages it affects in words: 'All packages', or their names. */
  affects: string;
  /** When it began, in the customer's zone. */
  startedOn: string;
}

/** A service notice of an incident the owner posted (decision 0094): sent whatever the customer's reminder choice. */
export function IncidentNoticeEmail({ firstName, title, paragraphs, affects, startedOn }: IncidentNoticeProps) {
  const status = useStoreLink('/status');
  return (
    <EmailLayout preview={`Service notice: ${title}`} heading={title}>
      <Paragraph>Hello {firstName},</Paragraph>
      {paragraphs.map((paragraph, index) => (
        // The owner's paragraphs never change order once written: their place is their identity.
        <Paragraph key={index}>{paragraph}</Paragraph>
      ))}
      <Facts
        rows={[
          ['Affects', affects],
          ['Started', startedOn],
        ]}
      />
      <EmailButton href={status}>See the status page</EmailButton>
      <Paragraph muted>We will update the status page as we know more. You do not need to do anything.</Paragraph>
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
