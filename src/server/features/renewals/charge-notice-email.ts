import { createElement } from 'react';
import type { Cents } from '#domain/money';
import { storeLink, type Email } from '#server/lib/email/index';
import { RenewalReminderEmail, type RenewalReminderProps } from './reminder-template';
import { writerOf, type SubscriptionNoticeDetails } from './reminder-emails';
import { noticeText } from './service-notice-email';

/** The auto-renewing subscription's one notice before its charge (decision 0075). */
export interface RenewalNoticeDetails extends SubscriptionNoticeDetails {
  /** The saved card's charge: amount at today's price, the card, the day. */
  charge: { amountCents: Cents; last4: string; on: Date };
  /** The expiry that charge gives. */
  renewsUntil: Date;
}

/**
 * "Your subscription renews on <day>: $X to the card ending NNNN", 7 days before the card is
 * charged: what, how much, which card, when, until when, and how to stop it. A service
 * notice (it announces a charge, as Stripe's upcoming-renewal email does): no unsubscribe
 * link, and sent whatever the customer's reminder choice.
 */
export function renewalNoticeMail(details: RenewalNoticeDetails, publicUrl: string): Email {
  const { charge, packageName } = details;
  const { words, t, price, day, dayTime } = writerOf(details);
  const amount = price(charge.amountCents);
  const chargeDay = day(charge.on);
  const subject = t('notice.subject', { day: chargeDay, amount, last4: charge.last4 });
  const paragraphs = [
    t('notice.charge', { packageName, when: dayTime(charge.on), amount, last4: charge.last4, until: day(details.renewsUntil) }),
    t('notice.priceChange'),
    t('notice.stop', { day: chargeDay }),
  ];
  const facts: RenewalReminderProps['facts'] = [
    [t('mail.fact.package'), t('receipt.packageValue', { name: packageName, duration: details.packageDuration })],
    [t('mail.fact.devices'), String(details.deviceCount)],
    [t('mail.fact.amount'), amount],
    [t('mail.fact.card'), t('mail.endingLast4', { last4: charge.last4 })],
    [t('mail.fact.chargedOn'), chargeDay],
    [t('mail.fact.expires'), dayTime(details.expirationDate)],
    [t('mail.fact.renewsUntil'), day(details.renewsUntil)],
  ];
  const button = { label: t('notice.button'), href: storeLink(publicUrl, '/account') };
  const text = noticeText(words, details.firstName, paragraphs, facts, [], button);
  const html = createElement(RenewalReminderEmail, {
    heading: t('notice.heading', { day: chargeDay }),
    firstName: details.firstName,
    paragraphs,
    facts,
    couponCode: null,
    button,
    footnote: t('notice.footnote'),
    locale: words.locale,
  });
  return { to: details.to, subject, text, html };
}
