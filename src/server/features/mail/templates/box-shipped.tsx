import type { Locale } from '#domain/locales';
import { EmailButton, EmailLayout, Facts, Paragraph, useStoreLink } from '#server/lib/email/index';
import { wordsIn } from '#server/lib/i18n/index';

export interface BoxShippedProps {
  customerName: string;
  orderId: string;
  shippedOn: string;
  carrier: string;
  trackingNumber: string;
  /** The carrier's tracking page when the number's shape names one. */
  tracking: { carrier: string; url: string } | null;
  estimatedDelivery: string | null;
  /** The order's language (decision 0107); English when absent. */
  locale?: Locale;
}

/** The streaming box is on its way (mail feature's boxShippedMail, queued by workflows/shipments.ts). */
export function BoxShippedEmail({ customerName, orderId, shippedOn, carrier, trackingNumber, tracking, estimatedDelivery, locale = 'en' }: BoxShippedProps) {
  const account = useStoreLink('/account');
  const { t } = wordsIn(locale);
  const onItsWay = t('shipped.onItsWay', { orderId });
  return (
    <EmailLayout preview={onItsWay} heading={t('shipped.heading')} locale={locale}>
      <Paragraph>{t('mail.hello', { name: customerName })}</Paragraph>
      <Paragraph>{onItsWay}</Paragraph>
      <Facts
        rows={[
          [t('mail.fact.shippedOn'), shippedOn],
          [t('mail.fact.carrier'), carrier],
          [t('mail.fact.trackingNumber'), trackingNumber],
          ...(estimatedDelivery ? [[t('mail.fact.estimatedDelivery'), estimatedDelivery] as const] : []),
        ]}
      />
      {tracking ? (
        <EmailButton href={tracking.url}>{t('shipped.trackWith', { carrier: tracking.carrier })}</EmailButton>
      ) : (
        <EmailButton href={account}>{t('mail.openAccount')}</EmailButton>
      )}
      <Paragraph muted>{t('shipped.activate')}</Paragraph>
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
