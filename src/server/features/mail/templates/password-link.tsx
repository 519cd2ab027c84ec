import { EmailButton, EmailLayout, Paragraph } from '#server/lib/email/index';

/** The emails that carry a password link (./link-mail.ts: linkMail). */
export type PasswordLinkKind = 'setup' | 'claim' | 'reset';

export interface PasswordLinkProps {
  kind: PasswordLinkKind;
  firstName: string;
  /** What the link is for, as the text version says it. */
  opening: string;
  link: string;
}

const WORDS: Record<PasswordLinkKind, { heading: string; button: string }> = {
  setup: { heading: 'Set up your account', button: 'Create your password' },
  claim: { heading: 'Confirm your email', button: 'Confirm and choose a password' },
  reset: { heading: 'Reset your password', button: 'Choose a new password' },
};

export function PasswordLinkEmail({ kind, firstName, opening, link }: PasswordLinkProps) {
  const words = WORDS[kind];
  return (
    <EmailLayout preview={opening} heading={words.heading}>
      <Paragraph>Hello {firstName},</Paragraph>
      <Paragraph>{opening}</Paragraph>
      <EmailButton href={link}>{words.button}</EmailButton>
      <Paragraph muted>
        The link works once and expires in 48 hours.
        {kind === 'setup' ? '' : ' If you did not ask for this, ignore this email: nothing changes.'}
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
