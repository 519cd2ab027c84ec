import { createElement } from 'react';
import type { Email } from '#server/lib/email/index';
import { wordsIn, type Words } from '#server/lib/i18n/index';
import { RenewalReminderEmail, type RenewalReminderProps } from './reminder-template';

/** A notice's text version: what its HTML says, line by line. */
export function noticeText(words: Words, firstName: string, paragraphs: readonly string[], facts: RenewalReminderProps['facts'], extra: string[], button: { label: string; href: string }): string {
  return [
    words.t('mail.hello', { name: firstName }),
    '',
    ...paragraphs,
    '',
    ...facts.map(([term, value]) => `${term}: ${value}`),
    ...extra,
    '',
    `${button.label}: ${button.href}`,
    '',
    'StreamPlus',
  ].join('\n');
}

/**
 * A service notice in the renewal schedule's template with no coupon and no footnote (the
 * suspension, a package no longer sold): its text says what its HTML shows, line by line.
 */
export function serviceNoticeEmail(to: string, subject: string, notice: Omit<RenewalReminderProps, 'couponCode' | 'footnote'>): Email {
  const { firstName, paragraphs, facts, button } = notice;
  const text = noticeText(wordsIn(notice.locale ?? 'en'), firstName, paragraphs, facts, [], button);
  const html = createElement(RenewalReminderEmail, { ...notice, couponCode: null, footnote: null });
  return { to, subject, text, html };
}
