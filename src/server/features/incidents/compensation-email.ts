import { createElement } from 'react';
import { customerDateTime } from '#domain/store-time';
import { storeLink, type Email } from '#server/lib/email/index';
import { CompensationEmail } from './compensation-template';

export interface CompensationDetails {
  to: string;
  firstName: string;
  timeZone: string;
  incidentTitle: string;
  days: number;
  subscriptions: ReadonlyArray<{ packageName: string; orderId: string; expiresAt: Date }>;
}

/**
 * The email of an incident's compensation to one customer (decision 0094), listing every
 * subscription of theirs it extended with its new expiry; queued by the incidents workflow in
 * the compensation's transaction.
 */
export function compensationMail(details: CompensationDetails, publicUrl: string): Email {
  const { to, firstName, timeZone, incidentTitle, days } = details;
  const subscriptions = details.subscriptions.map((line) => ({ name: `${line.packageName} (${line.orderId})`, expiresOn: customerDateTime(line.expiresAt, timeZone) }));
  const added = `${days} ${days === 1 ? 'day' : 'days'}`;
  const text = [
    `Hello ${firstName},`,
    '',
    `We are sorry about the interruption: ${incidentTitle}. To make up for it, we added ${added} to ${subscriptions.length === 1 ? 'your subscription' : `your ${subscriptions.length} subscriptions`} at no cost.`,
    '',
    ...subscriptions.map(({ name, expiresOn }) => `${name}: now expires ${expiresOn}`),
    '',
    `Your credentials and devices stay as they are. Your account: ${storeLink(publicUrl, '/account')}`,
    '',
    'StreamPlus',
  ].join('\n');
  return { to, subject: `We added ${added} to your StreamPlus subscription`, text, html: createElement(CompensationEmail, { firstName, incidentTitle, days, subscriptions }) };
}
