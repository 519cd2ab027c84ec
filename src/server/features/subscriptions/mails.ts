import { createElement } from 'react';
import { formatDollars, parseMoney } from '#domain/money';
import { customerDateTime } from '#domain/store-time';
import { AutoRenewOffEmail, OrderConfirmationEmail, type Email } from '#server/features/mail/index';

/** The texts of the emails about an order and a subscription; their times in the customer's zone (decision 0074). */

export const accountLink = (publicUrl: string) => `${publicUrl.replace(/\/+$/, '')}/account`;

export interface ConfirmationDetails {
  orderId: string;
  to: string;
  customerName: string;
  packageName: string;
  packageDuration: string;
  deviceCount: number;
  paymentMethod: 'card' | 'crypto' | 'free';
  totalAmount: string;
  couponCode: string | null;
  couponDiscount: string;
  giftCard: string | null;
  cashbackAmount: string;
  isRenewal: boolean;
  /**
   * The box's destination country (a code checkout validated). Only that: the street, city
   * and zip are text a visitor typed, and the store's emails carry none, so they cannot be
   * used to send strangers someone's message.
   */
  shipsTo: string | null;
}

function activationLine(details: ConfirmationDetails): string {
  if (details.shipsTo) {
    return 'Your streaming box ships within 1-2 business days with free shipping, and its subscription activates on first use.';
  }
  if (details.paymentMethod === 'free') return 'Your service is active now.';
  if (details.paymentMethod === 'crypto') return 'Service activation: within 1 hour of your cryptocurrency payment.';
  return 'Service activation: within 24 hours of your card payment.';
}

/** The order's facts, as the text writes each line (`Package: ...`) and the HTML's table its rows. */
function confirmationFacts(details: ConfirmationDetails): Array<[string, string]> {
  const cashback = parseMoney(details.cashbackAmount);
  const discount = parseMoney(details.couponDiscount);
  return [
    ['Package', `${details.packageName} (${details.packageDuration})`],
    ['Devices', String(details.deviceCount)],
    ...(details.couponCode && discount > 0 ? [['Coupon', `${details.couponCode} (-${formatDollars(discount)})`] as [string, string]] : []),
    ['Total', formatDollars(parseMoney(details.totalAmount))],
    ...(details.giftCard && cashback > 0
      ? [['Gift card', `${details.giftCard}, ${formatDollars(cashback)} cashback, emailed to you within 1-2 hours.`] as [string, string]]
      : []),
    ...(details.shipsTo ? [['Shipping to', `the address in ${details.shipsTo} you entered at checkout.`] as [string, string]] : []),
  ];
}

export function orderConfirmationMail(details: ConfirmationDetails, publicUrl: string): Email {
  const facts = confirmationFacts(details);
  const activation = activationLine(details);
  const lines = [
    `Hello ${details.customerName},`,
    '',
    details.isRenewal ? 'Thank you for renewing your subscription. Your device credentials stay the same.' : 'Thank you for your order!',
    '',
    `Order ID: ${details.orderId}`,
    ...facts.map(([term, value]) => `${term}: ${value}`),
    '',
    activation,
    `Your subscription and the credentials of each device are in your account: ${accountLink(publicUrl)}`,
    '',
    'StreamPlus',
  ];
  const html = createElement(OrderConfirmationEmail, { customerName: details.customerName, orderId: details.orderId, isRenewal: details.isRenewal, facts, activation });
  return { to: details.to, subject: `Order Confirmation - ${details.orderId}`, text: lines.join('\n'), html };
}

/** The confirmation that automatic renewal was turned off (decision 0044): transactional, so no unsubscribe link. */
export function autoRenewOffMail(
  details: { to: string; firstName: string; packageName: string; deviceCount: number; expirationDate: Date; timeZone: string },
  publicUrl: string,
): Email {
  const expiresOn = customerDateTime(details.expirationDate, details.timeZone);
  const { firstName, packageName, deviceCount } = details;
  const text = [
    `Hello ${firstName},`,
    '',
    `Automatic renewal of your ${packageName} subscription is off: your saved card will not be charged.`,
    `Package: ${packageName}`,
    `Devices: ${deviceCount}`,
    `Expires: ${expiresOn}`,
    '',
    `You can turn automatic renewal back on, or renew by hand, in your account: ${accountLink(publicUrl)}`,
    '',
    'StreamPlus',
  ].join('\n');
  return { to: details.to, subject: 'Automatic renewal turned off', text, html: createElement(AutoRenewOffEmail, { firstName, packageName, deviceCount, expiresOn }) };
}