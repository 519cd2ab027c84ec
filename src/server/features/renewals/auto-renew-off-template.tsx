import { EmailButton, EmailLayout, Facts, Paragraph, useStoreLink } from '#server/lib/email/index';

export interface AutoRenewOffProps {
  firstName: string;
  packageName: string;
  deviceCount: number;
  /** The expiry in words, as the text version writes it. */
  expiresOn: string;
}

/** Confirms that the customer turned automatic renewal off (decision 0044): a transactional email, without an unsubscribe link. */
export function AutoRenewOffEmail({ firstName, packageName, deviceCount, expiresOn }: AutoRenewOffProps) {
  const account = useStoreLink('/account');
  return (
    <EmailLayout preview={`Your ${packageName} subscription will not renew by itself.`} heading="Automatic renewal turned off">
      <Paragraph>Hello {firstName},</Paragraph>
      <Paragraph>
        Automatic renewal of your {packageName} subscription is off: your saved card will not be charged. The subscription runs until {expiresOn}.
      </Paragraph>
      <Facts
        rows={[
          ['Package', packageName],
          ['Devices', String(deviceCount)],
          ['Expires', expiresOn],
        ]}
      />
      <EmailButton href={account}>Manage your subscription</EmailButton>
      <Paragraph muted>You can turn automatic renewal back on, or renew by hand, in your account at any time.</Paragraph>
    </EmailLayout>
  );
}

export const autoRenewOffSample: AutoRenewOffProps = { firstName: 'Mona', packageName: '1 Month Premium', deviceCount: 2, expiresOn: 'December 1, 2026 at 9:00 AM (UTC)' };
