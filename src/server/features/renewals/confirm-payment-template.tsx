import { EmailButton, EmailLayout, Facts, Paragraph } from '#server/lib/email/index';

export interface RenewalConfirmProps {
  firstName: string;
  packageName: string;
  /** '$15.00' */
  amount: string;
  /** The confirmation page of this charge, with its signed token. */
  confirmUrl: string;
  facts: ReadonlyArray<readonly [string, string]>;
}

/**
 * The bank asks the customer to confirm an automatic renewal's charge (3-D Secure): one
 * button to the page where they confirm it on-session. Transactional: no unsubscribe link.
 */
export function RenewalConfirmEmail({ firstName, packageName, amount, confirmUrl, facts }: RenewalConfirmProps) {
  return (
    <EmailLayout preview={`Your bank asks you to confirm the ${amount} renewal of ${packageName}.`} heading="Confirm your renewal payment">
      <Paragraph>Hello {firstName},</Paragraph>
      <Paragraph>
        Your bank asks you to confirm the {amount} charge that renews your {packageName} subscription. Nothing has been charged yet.
      </Paragraph>
      <Facts rows={facts} />
      <EmailButton href={confirmUrl}>Confirm payment</EmailButton>
      <Paragraph muted>Once confirmed, your subscription runs on with the same credentials.</Paragraph>
    </EmailLayout>
  );
}

export const renewalConfirmSample: RenewalConfirmProps = {
  firstName: 'Mona',
  packageName: '1 Month Premium',
  amount: '$15.00',
  confirmUrl: 'http://localhost:5000/renewals/0b6f3f5e-4a53-4f55-9a0c-6a4f1f7b2c11/confirm?token=sample',
  facts: [
    ['Package', '1 Month Premium'],
    ['Devices', '1'],
    ['Amount', '$15.00'],
    ['Card', 'Visa ending 3184'],
    ['Expires', 'January 1, 2027 at 9:00 AM (UTC)'],
  ],
};
