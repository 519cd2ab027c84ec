import type { Locale } from '#domain/locales';
import { EmailButton, EmailLayout, Facts, Paragraph, useStoreLink } from '#server/lib/email/index';
import { wordsIn } from '#server/lib/i18n/index';

export interface AutoRenewOffProps {
  firstName: string;
  packageName: string;
  deviceCount: number;
  /** The expiry in words, as the text version writes it. */
  expiresOn: string;
  /** The customer's language (decision 0107); English when absent. */
  locale?: Locale;
}

/** Confirms that the customer turned automatic renewal off (decision 0044): a transactional email, without an unsubscribe link. */
export function AutoRenewOffEmail({ firstName, packageName, deviceCount, expiresOn, locale = 'en' }: AutoRenewOffProps) {
  const account = useStoreLink('/account');
  const { t } = wordsIn(locale);
  return (
    <EmailLayout preview={t('autoRenewOff.preview', { packageName })} heading={t('autoRenewOff.heading')} locale={locale}>
      <Paragraph>{t('mail.hello', { name: firstName })}</Paragraph>
      <Paragraph>
        {t('autoRenewOff.off', { packageName })} {t('autoRenewOff.runsUntil', { date: expiresOn })}
      </Paragraph>
      <Facts
        rows={[
          [t('mail.fact.package'), packageName],
          [t('mail.fact.devices'), String(deviceCount)],
          [t('mail.fact.expires'), expiresOn],
        ]}
      />
      <EmailButton href={account}>{t('autoRenewOff.button')}</EmailButton>
      <Paragraph muted>{t('autoRenewOff.backOn')}</Paragraph>
    </EmailLayout>
  );
}

export const autoRenewOffSample: AutoRenewOffProps = { firstName: 'Mona', packageName: '1 Month Premium', deviceCount: 2, expiresOn: 'December 1, 2026 at 9:00 AM (UTC)' };
