import type { Locale } from '#domain/locales';
import { EmailButton, EmailLayout, Facts, Paragraph } from '#server/lib/email/index';
import { wordsIn } from '#server/lib/i18n/index';

export interface RenewalConfirmProps {
  firstName: string;
  packageName: string;
  /** '$15.00' */
  amount: string;
  /** The confirmation page of this charge, with its signed token. */
  confirmUrl: string;
  facts: ReadonlyArray<readonly [string, string]>;
  /** The subscription's language (decision 0107); English when absent. */
  locale?: Locale;
}

/**
 * The bank asks the customer to confirm an automatic renewal's charge (3-D Secure): one
 * button to the page where they confirm it on-session. Transactional: no unsubscribe link.
 */
export function RenewalConfirmEmail({ firstName, packageName, amount, confirmUrl, facts, locale = 'en' }: RenewalConfirmProps) {
  const { t } = wordsIn(locale);
  return (
    <EmailLayout preview={t('charge.confirmPreview', { amount, packageName })} heading={t('charge.confirm.subject')} locale={locale}>
      <Paragraph>{t('mail.hello', { name: firstName })}</Paragraph>
      <Paragraph>{t('charge.confirmAsk', { amount, packageName })}</Paragraph>
      <Facts rows={facts} />
      <EmailButton href={confirmUrl}>{t('charge.confirmButton')}</EmailButton>
      <Paragraph muted>{t('charge.confirmedNote')}</Paragraph>
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
