import { EmailButton, EmailLayout, Facts, Paragraph } from './layout';
import { useStoreLink } from './store-address';

export interface ExpiryReminderProps {
  firstName: string;
  packageName: string;
  /** The expiry in words, as the text version writes it. */
  expiresOn: string;
}

/** The reminder 3 days before a subscription expires: a reminder email, with its unsubscribe link (decision 0040). */
export function ExpiryReminderEmail({ firstName, packageName, expiresOn }: ExpiryReminderProps) {
  const account = useStoreLink('/account');
  return (
    <EmailLayout preview={`Your ${packageName} subscription expires on ${expiresOn}.`} heading="Your subscription expires in 3 days">
      <Paragraph>Hello {firstName},</Paragraph>
      <Paragraph>
        Your {packageName} subscription expires on {expiresOn}.
      </Paragraph>
      <Facts
        rows={[
          ['Package', packageName],
          ['Expires', expiresOn],
        ]}
      />
      <EmailButton href={account}>Renew now</EmailButton>
      <Paragraph muted>Renew it from your account to keep watching with the same credentials.</Paragraph>
    </EmailLayout>
  );
}

export const expiryReminderSample: ExpiryReminderProps = { firstName: 'Mona', packageName: '1 Month Premium', expiresOn: 'December 1, 2026 at 9:00 AM UTC' };
