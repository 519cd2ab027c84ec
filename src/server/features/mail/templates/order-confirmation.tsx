import type { Locale } from '#domain/locales';
import { EmailButton, EmailLayout, Facts, Paragraph, useStoreLink } from '#server/lib/email/index';
import { wordsIn } from '#server/lib/i18n/index';

export interface OrderConfirmationProps {
  customerName: string;
  orderId: string;
  isRenewal: boolean;
  /** The order's facts as the text version writes them: Package, Devices, Coupon, Total, Gift card, Shipping to. */
  facts: ReadonlyArray<readonly [string, string]>;
  /**
   * What follows the facts: when the service starts (spec section 9) and, with automatic
   * renewal, what it charges and how to turn it off; for a renewal, until when it runs and
   * the next charge (decision 0075).
   */
  closing: readonly string[];
  /** The order's language (decision 0107); English when absent. */
  locale?: Locale;
}

/** The receipt of a paid, free or renewed order (subscriptions feature, orderConfirmationMail). */
export function OrderConfirmationEmail({ customerName, orderId, isRenewal, facts, closing, locale = 'en' }: OrderConfirmationProps) {
  const account = useStoreLink('/account');
  const { t } = wordsIn(locale);
  return (
    <EmailLayout
      preview={t('receipt.preview', { orderId, first: closing[0] ?? '' })}
      heading={isRenewal ? t('receipt.renewalHeading') : t('receipt.heading')}
      locale={locale}
    >
      <Paragraph>{t('mail.hello', { name: customerName })}</Paragraph>
      <Paragraph>{isRenewal ? t('receipt.renewalThanks') : t('receipt.thanks')}</Paragraph>
      <Facts rows={[[t('mail.fact.orderId'), orderId], ...facts]} />
      {closing.map((line) => (
        <Paragraph key={line}>{line}</Paragraph>
      ))}
      <EmailButton href={account}>{t('receipt.button')}</EmailButton>
      <Paragraph muted>{t('receipt.inAccount')}</Paragraph>
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
  closing: ['Service activation: within 24 hours of your card payment.'],
};

/** A purchase with automatic renewal. */
export const orderConfirmationAutoRenewSample: OrderConfirmationProps = {
  ...orderConfirmationSample,
  facts: [...orderConfirmationSample.facts, ['Automatic renewal', 'on, $44.97 3 days before each expiry']],
  closing: [
    'Service activation: within 24 hours of your card payment.',
    "Automatic renewal is on: we will charge $44.97 (today's price) to the card you paid with 3 days before each expiry, and email you 7 days before each charge. To turn it off, use the Automatic renewal switch of your subscription on your account page: http://localhost:5000/account",
  ],
};

/** The receipt of an automatic renewal. */
export const renewalReceiptSample: OrderConfirmationProps = {
  customerName: 'Mona Lisa',
  orderId: 'SP-1764838800000-654321',
  isRenewal: true,
  facts: [
    ['Package', '1 Month Premium (1 month)'],
    ['Devices', '2'],
    ['Total', '$21.98'],
    ['Period', 'December 4, 2026 – January 4, 2027'],
    ['Paid with', 'card ending 4242'],
    ['New expiry', 'January 4, 2027 at 9:00 AM (UTC)'],
    ['Next renewal', 'your card is charged on January 1, 2027'],
  ],
  closing: [
    'Your subscription now runs until January 4, 2027.',
    'Automatic renewal is on: we will next charge your card on January 1, 2027, 3 days before this expiry. To turn it off, use the Automatic renewal switch of your subscription on your account page: http://localhost:5000/account',
  ],
};
