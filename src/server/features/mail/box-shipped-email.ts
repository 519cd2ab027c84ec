import { createElement } from 'react';
import { customerDate } from '#domain/store-time';
import { trackingLink } from '#domain/tracking';
import type { Email } from '#server/lib/email/index';
import { BoxShippedEmail } from './templates/box-shipped';

/** A shipped box as its email reads it (the orders feature's shippedBox gives these). */
export interface ShippedBox {
  orderId: string;
  to: string;
  customerName: string;
  carrier: string;
  trackingNumber: string;
  estimatedDelivery: Date | null;
  shippedAt: Date;
}

/**
 * The 'your box has shipped' email, with the carrier and tracking number the admin entered,
 * the carrier's tracking page when the number's shape names one, and the days in words: the
 * day it shipped on the buyer's clock (`timeZone`: theirs, or the store's until theirs is
 * known, decision 0074), the expected day as the admin picked it (kept as its noon in UTC).
 */
export function boxShippedMail(box: ShippedBox, timeZone: string): Email {
  const { orderId, carrier, trackingNumber, estimatedDelivery } = box;
  const tracking = trackingLink(trackingNumber);
  const shippedOn = customerDate(box.shippedAt, timeZone);
  const expected = estimatedDelivery ? customerDate(estimatedDelivery, 'UTC') : null;
  const text = [
    `Hello ${box.customerName},`,
    '',
    `Your StreamPlus streaming box (order ${orderId}) is on its way.`,
    `Shipped on ${shippedOn}`,
    `Carrier: ${carrier}`,
    `Tracking number: ${trackingNumber}`,
    ...(tracking ? [`Track it with ${tracking.carrier}: ${tracking.url}`] : []),
    ...(expected ? [`Estimated delivery: ${expected}`] : []),
    '',
    'Once it arrives, activate it from your account to start its subscription.',
    '',
    'StreamPlus',
  ].join('\n');
  const html = createElement(BoxShippedEmail, {
    customerName: box.customerName,
    orderId,
    shippedOn,
    carrier,
    trackingNumber,
    tracking: tracking ? { carrier: tracking.carrier, url: tracking.url } : null,
    estimatedDelivery: expected,
  });
  return { to: box.to, subject: `Your streaming box has shipped - ${orderId}`, text, html };
}
