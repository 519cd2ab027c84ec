import { createElement } from 'react';
import { customerDateTime } from '#domain/store-time';
import { storeLink, type Email } from '#server/lib/email/index';
import { AutoRenewOffEmail } from './auto-renew-off-template';

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
    `You can turn automatic renewal back on, or renew by hand, in your account: ${storeLink(publicUrl, '/account')}`,
    '',
    'StreamPlus',
  ].join('\n');
  return { to: details.to, subject: 'Automatic renewal turned off', text, html: createElement(AutoRenewOffEmail, { firstName, packageName, deviceCount, expiresOn }) };
}
