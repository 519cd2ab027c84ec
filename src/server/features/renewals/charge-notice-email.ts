import { createElement } from 'react';
import { formatDollars, type Cents } from '#domain/money';
import { customerDate, customerDateTime } from '#domain/store-time';
import { storeLink, type Email } from '#server/lib/email/index';
import { RenewalReminderEmail, type RenewalReminderProps } from './reminder-template';
import type { SubscriptionNoticeDetails } from './reminder-emails';

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
  const { charge, packageName, timeZone } = details;
  const day = (date: Date) => customerDate(date, timeZone);
  const amount = formatDollars(charge.amountCents);
  const chargeDay = day(charge.on);
  const subject = `Your subscription renews on ${chargeDay}: ${amount} to the card ending ${charge.last4}`;
  const paragraphs = [
    `Your ${packageName} subscription renews automatically. On ${customerDateTime(charge.on, timeZone)} we will charge ${amount} to your card ending ${charge.last4}, and your subscription will then run until ${day(details.renewsUntil)}.`,
    'If the price changes before then, we charge the price of that day. You will get a receipt once the payment goes through.',
    `To stop it, turn Automatic renewal off on your account page before ${chargeDay}; your subscription then runs until it expires.`,
  ];
  const facts: RenewalReminderProps['facts'] = [
    ['Package', `${packageName} (${details.packageDuration})`],
    ['Devices', String(details.deviceCount)],
    ['Amount', amount],
    ['Card', `ending ${charge.last4}`],
    ['Charged on', chargeDay],
    ['Expires', customerDateTime(details.expirationDate, timeZone)],
    ['Renews until', day(details.renewsUntil)],
  ];
  const button = { label: 'Manage your renewal', href: storeLink(publicUrl, '/account') };
  const text = [`Hello ${details.firstName},`, '', ...paragraphs, '', ...facts.map(([term, value]) => `${term}: ${value}`), '', `${button.label}: ${button.href}`, '', 'StreamPlus'].join('\n');
  const html = createElement(RenewalReminderEmail, {
    heading: `Your subscription renews on ${chargeDay}`,
    firstName: details.firstName,
    paragraphs,
    facts,
    couponCode: null,
    button,
    footnote: 'We send this notice to every subscription that renews automatically, whatever your choice of reminder emails.',
  });
  return { to: details.to, subject, text, html };
}
