import { EmailButton, EmailLayout, Facts, Paragraph, useStoreLink } from '#server/lib/email/index';

export interface CompensationProps {
  firstName: string;
  incidentTitle: string;
  days: number;
  /** Each extended subscription: its package and order, and its new expiry in words. */
  subscriptions: ReadonlyArray<{ name: string; expiresOn: string }>;
}

const daysText = (days: number) => `${days} ${days === 1 ? 'day' : 'days'}`;

/** Days added to the customer's subscriptions after an incident (decision 0094): one email per customer, listing each. */
export function CompensationEmail({ firstName, incidentTitle, days, subscriptions }: CompensationProps) {
  const account = useStoreLink('/account');
  return (
    <EmailLayout preview={`We added ${daysText(days)} to your subscription at no cost.`} heading={`${daysText(days)} added, on us`}>
      <Paragraph>Hello {firstName},</Paragraph>
      <Paragraph>
        We are sorry about the interruption: {incidentTitle}. To make up for it, we added {daysText(days)} to{' '}
        {subscriptions.length === 1 ? 'your subscription' : `your ${subscriptions.length} subscriptions`} at no cost.
      </Paragraph>
      <Facts rows={subscriptions.map(({ name, expiresOn }) => [name, `Now expires ${expiresOn}`] as const)} />
      <EmailButton href={account}>Open your account</EmailButton>
      <Paragraph muted>Your credentials and devices stay as they are; nothing to do on your side.</Paragraph>
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
