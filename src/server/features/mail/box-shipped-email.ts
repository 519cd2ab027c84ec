import { createElement } from 'react';
import { trackingLink } from '#domain/tracking';
import type { Email } from '#server/lib/email/index';
import { localeOr, wordsIn } from '#server/lib/i18n/index';
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
  /** The order's language (decision 0107); English when absent. */
  locale?: string;
}

/**
 * The 'your box has shipped' email, with the carrier and tracking number the admin entered,
 * the carrier's tracking page when the number's shape names one, and the days in words: the
 * day it shipped on the buyer's clock (`timeZone`: theirs, or the store's until theirs is
 * known, decision 0074), the expected day as the admin picked it (kept as its noon in UTC).
 */
export function boxShippedMail(box: ShippedBox, timeZone: string): Email {
  const { orderId, carrier, trackingNumber, estimatedDelivery } = box;
  const words = wordsIn(localeOr(box.locale));
  const { t } = words;
  const tracking = trackingLink(trackingNumber);
  const shippedOn = words.date(box.shippedAt, timeZone);
  const expected = estimatedDelivery ? words.date(estimatedDelivery, 'UTC') : null;
  const text = [
    t('mail.hello', { name: box.customerName }),
    '',
    t('shipped.onItsWay', { orderId }),
    t('shipped.shippedOnLine', { day: shippedOn }),
    `${t('mail.fact.carrier')}: ${carrier}`,
    `${t('mail.fact.trackingNumber')}: ${trackingNumber}`,
    ...(tracking ? [`${t('shipped.trackWith', { carrier: tracking.carrier })}: ${tracking.url}`] : []),
    ...(expected ? [`${t('mail.fact.estimatedDelivery')}: ${expected}`] : []),
    '',
    t('shipped.activate'),
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
    locale: words.locale,
  });
  return { to: box.to, subject: t('shipped.subject', { orderId }), text, html };
}
