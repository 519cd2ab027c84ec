import { EmailButton, EmailLayout, Facts, Paragraph, useStoreLink } from '#server/lib/email/index';

export interface RefundProps {
  customerName: string;
  orderId: string;
  /** This refund, the order's refunds so far and its total, as dollars ('$5.00'). */
  amount: string;
  refundedSoFar: string;
  total: string;
  /** What follows: the service ended, continues, or the rest stays under review. */
  after: string;
  paidByCard: boolean;
}

/** One refund of an order (mail feature's refundMail, queued by the refund's workflow). */
export function RefundEmail({ customerName, orderId, amount, refundedSoFar, total, after, paidByCard }: RefundProps) {
  const account = useStoreLink('/account');
  return (
    <EmailLayout preview={`We have refunded ${amount} of your order ${orderId}.`} heading={`Refund of ${amount}`}>
      <Paragraph>Hello {customerName},</Paragraph>
      <Paragraph>
        We have refunded {amount} of your StreamPlus order {orderId}.
      </Paragraph>
      <Facts
        rows={[
          ['Order ID', orderId],
          ['Refunded now', amount],
          ['Refunded so far', `${refundedSoFar} of ${total}`],
        ]}
      />
      <Paragraph>{after}</Paragraph>
      {paidByCard && <Paragraph muted>A card refund usually reaches your statement within 5 to 10 business days.</Paragraph>}
      <EmailButton href={account}>Open your account</EmailButton>
    </EmailLayout>
  );
}

export const refundSample: RefundProps = {
  customerName: 'Mona Lisa',
  orderId: 'SP-1732000000000-123456',
  amount: '$10.00',
  refundedSoFar: '$10.00',
  total: '$40.47',
  after: 'Your subscription continues; $30.47 of the order remains paid.',
  paidByCard: true,
};
