import { createElement } from 'react';
import type { Email } from '#server/lib/email/index';
import { RenewalReminderEmail, type RenewalReminderProps } from './reminder-template';

/**
 * A service notice in the renewal schedule's template with no coupon and no footnote (the
 * suspension, a package no longer sold): its text says what its HTML shows, line by line.
 */
export function serviceNoticeEmail(to: string, subject: string, notice: Omit<RenewalReminderProps, 'couponCode' | 'footnote'>): Email {
  const { firstName, paragraphs, facts, button } = notice;
  const text = [`Hello ${firstName},`, '', ...paragraphs, '', ...facts.map(([term, value]) => `${term}: ${value}`), '', `${button.label}: ${button.href}`, '', 'StreamPlus'].join('\n');
  const html = createElement(RenewalReminderEmail, { ...notice, couponCode: null, footnote: null });
  return { to, subject, text, html };
}
