import { EmailButton, EmailLayout, Facts, Paragraph } from './layout';
import { useStoreLink } from './store-address';

export interface OrderConfirmationProps {
  customerName: string;
  orderId: string;
  isRenewal: boolean;
  /** The order's facts as the text version writes them: Package, Devices, Coupon, Total, Gift card, Shipping to. */
  facts: ReadonlyArray<readonly [string, string]>;
  /** When the service starts (spec section 9). */
  activation: string;
}

/** The receipt of a paid, free or renewed order (subscriptions feature, orderConfirmationMail). */
export function OrderConfirmationEmail({ customerName, orderId, isRenewal, facts, activation }: OrderConfirmationProps) {
  const account = useStoreLink('/account');
  return (
    <EmailLayout preview={`Order ${orderId}: ${activation}`} heading={isRenewal ? 'Your subscription is renewed' : 'Thank you for your order!'}>
      <Paragraph>Hello {customerName},</Paragraph>
      <Paragraph>
        {isRenewal ? 'Thank you for renewing your subscription. Your device credentials stay the same.' : 'Thank you for your order!'}
      </Paragraph>
      <Facts rows={[['Order ID', orderId], ...facts]} />
      <Paragraph>{activation}</Paragraph>
      <EmailButton href={account}>View your subscription</EmailButton>
      <Paragraph muted>Your subscription and the credentials of each device are in your account.</Paragraph>
    </EmailLayout>
  );
}

export const orderConfirmationSample: OrderConfirmationProps = {
  customerName: 'Mona Lisa',
  orderId: 'SP-1732000000000-123456',
  isRenewal: false,
  facts: [
    ['Package', '3 Months Premium (3 months)'],
    ['Devices', '2'],
    ['Coupon', 'SAVE10 (-$4.50)'],
    ['Total', '$40.47'],
    ['Gift card', 'Amazon, $5.00 cashback, emailed to you within 1-2 hours.'],
  ],
  activation: 'Service activation: within 24 hours of your card payment.',
};
