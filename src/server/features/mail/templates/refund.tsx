import type { Locale } from '#domain/locales';
import { EmailButton, EmailLayout, Facts, Paragraph, useStoreLink } from '#server/lib/email/index';
import { wordsIn } from '#server/lib/i18n/index';

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
  /** The order's language (decision 0107); English when absent. */
  locale?: Locale;
}

/** One refund of an order (mail feature's refundMail, queued by the refund's workflow). */
export function RefundEmail({ customerName, orderId, amount, refundedSoFar, total, after, paidByCard, locale = 'en' }: RefundProps) {
  const account = useStoreLink('/account');
  const { t } = wordsIn(locale);
  return (
    <EmailLayout preview={t('refund.preview', { amount, orderId })} heading={t('refund.heading', { amount })} locale={locale}>
      <Paragraph>{t('mail.hello', { name: customerName })}</Paragraph>
      <Paragraph>{t('refund.body', { amount, orderId })}</Paragraph>
      <Facts
        rows={[
          [t('mail.fact.orderId'), orderId],
          [t('mail.fact.refundedNow'), amount],
          [t('mail.fact.refundedSoFar'), t('refund.soFarValue', { soFar: refundedSoFar, total })],
        ]}
      />
      <Paragraph>{after}</Paragraph>
      {paidByCard && <Paragraph muted>{t('refund.cardNote')}</Paragraph>}
      <EmailButton href={account}>{t('mail.openAccount')}</EmailButton>
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
