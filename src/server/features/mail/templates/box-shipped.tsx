import { EmailButton, EmailLayout, Facts, Paragraph, useStoreLink } from '#server/lib/email/index';

export interface BoxShippedProps {
  customerName: string;
  orderId: string;
  shippedOn: string;
  carrier: string;
  trackingNumber: string;
  /** The carrier's tracking page when the number's shape names one. */
  tracking: { carrier: string; url: string } | null;
  estimatedDelivery: string | null;
}

/** The streaming box is on its way (mail feature's boxShippedMail, queued by workflows/shipments.ts). */
export function BoxShippedEmail({ customerName, orderId, shippedOn, carrier, trackingNumber, tracking, estimatedDelivery }: BoxShippedProps) {
  const account = useStoreLink('/account');
  return (
    <EmailLayout preview={`Your StreamPlus streaming box (order ${orderId}) is on its way.`} heading="Your streaming box has shipped">
      <Paragraph>Hello {customerName},</Paragraph>
      <Paragraph>Your StreamPlus streaming box (order {orderId}) is on its way.</Paragraph>
      <Facts
        rows={[
          ['Shipped on', shippedOn],
          ['Carrier', carrier],
          ['Tracking number', trackingNumber],
          ...(estimatedDelivery ? [['Estimated delivery', estimatedDelivery] as const] : []),
        ]}
      />
      {tracking ? <EmailButton href={tracking.url}>{`Track it with ${tracking.carrier}`}</EmailButton> : <EmailButton href={account}>Open your account</EmailButton>}
      <Paragraph muted>Once it arrives, activate it from your account to start its subscription.</Paragraph>
    </EmailLayout>
  );
}

export const boxShippedSample: BoxShippedProps = {
  customerName: 'Mona Lisa',
  orderId: 'SP-1732000000000-123456',
  shippedOn: 'November 26, 2026',
  carrier: 'UPS',
  trackingNumber: '1Z999AA10123456784',
  tracking: { carrier: 'UPS', url: 'https://www.ups.com/track?tracknum=1Z999AA10123456784' },
  estimatedDelivery: 'November 29, 2026',
};
