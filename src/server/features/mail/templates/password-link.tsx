import type { Locale } from '#domain/locales';
import { EmailButton, EmailLayout, Paragraph } from '#server/lib/email/index';
import { wordsIn } from '#server/lib/i18n/index';

/** The emails that carry a password link (./link-mail.ts: linkMail). */
export type PasswordLinkKind = 'setup' | 'claim' | 'reset';

export interface PasswordLinkProps {
  kind: PasswordLinkKind;
  firstName: string;
  /** What the link is for, as the text version says it. */
  opening: string;
  link: string;
  /** The customer's language (decision 0107); English when absent. */
  locale?: Locale;
}

export function PasswordLinkEmail({ kind, firstName, opening, link, locale = 'en' }: PasswordLinkProps) {
  const { t } = wordsIn(locale);
  return (
    <EmailLayout preview={opening} heading={t(`link.${kind}.heading`)} locale={locale}>
      <Paragraph>{t('mail.hello', { name: firstName })}</Paragraph>
      <Paragraph>{opening}</Paragraph>
      <EmailButton href={link}>{t(`link.${kind}.button`)}</EmailButton>
      <Paragraph muted>
        {t('link.expires')}
        {kind === 'setup' ? '' : ` ${t('link.notYou')}`}
      </Paragraph>
    </EmailLayout>
  );
}

export const passwordLinkSample: PasswordLinkProps = {
  kind: 'setup',
  firstName: 'Mona',
  opening: 'Thank you for your order SP-1732000000000-123456. Create a password to sign in and see your subscription and its device credentials:',
  link: 'http://localhost:5000/setup/sample-token',
};

export const passwordResetSample: PasswordLinkProps = {
  kind: 'reset',
  firstName: 'Mona',
  opening: 'Someone asked to reset the password of your StreamPlus account. Choose a new password here:',
  link: 'http://localhost:5000/setup/sample-token',
};

export const claimLinkSample: PasswordLinkProps = {
  kind: 'claim',
  firstName: 'Mona',
  opening:
    'Your StreamPlus account was created with this email address, which already has orders placed as a guest. Use this link to confirm the address and choose your password; those orders then appear in your account:',
  link: 'http://localhost:5000/setup/sample-token',
};
