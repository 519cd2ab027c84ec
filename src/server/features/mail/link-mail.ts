import { createElement } from 'react';
import type { Email } from '#server/lib/email/index';
import { PasswordLinkEmail } from './templates/password-link';

/** The emails that carry a password link; each link works once, for 48 hours. */
export type LinkMailKind = 'setup' | 'claim' | 'reset';

const SUBJECTS: Record<LinkMailKind, string> = {
  setup: 'Set up your StreamPlus account',
  claim: 'Confirm your email to add your earlier orders',
  reset: 'Reset your StreamPlus password',
};

const OPENINGS: Record<LinkMailKind, (orderId?: string | null) => string> = {
  setup: (orderId) =>
    `Thank you for your order${orderId ? ` ${orderId}` : ''}. Create a password to sign in and see your subscription and its device credentials:`,
  claim:
    () =>
      'Your StreamPlus account was created with this email address, which already has orders placed as a guest. ' +
      'Use this link to confirm the address and choose your password; those orders then appear in your account:',
  reset: () => 'Someone asked to reset the password of your StreamPlus account. Choose a new password here:',
};

export function linkMail(kind: LinkMailKind, { to, firstName, link, orderId }: { to: string; firstName: string; link: string; orderId?: string | null }): Email {
  const opening = OPENINGS[kind](orderId);
  const text = [
    `Hello ${firstName},`,
    '',
    opening,
    '',
    link,
    '',
    'The link works once and expires in 48 hours.',
    kind === 'setup' ? '' : 'If you did not ask for this, ignore this email: nothing changes.',
    '',
    'StreamPlus',
  ].join('\n');
  return { to, subject: SUBJECTS[kind], text, html: createElement(PasswordLinkEmail, { kind, firstName, opening, link }) };
}
