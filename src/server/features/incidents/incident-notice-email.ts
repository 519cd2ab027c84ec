import { createElement } from 'react';
import type { IncidentPackage } from '#contract/status';
import { customerDateTime } from '#domain/store-time';
import { storeLink, type Email } from '#server/lib/email/index';
import { IncidentNoticeEmail } from './incident-notice-template';

/** What an incident affects, in words: 'All packages', or the names it was posted with. */
export const affectedPackagesText = (packages: IncidentPackage[] | null) => (packages ? packages.map((pkg) => pkg.name).join(', ') : 'All packages');

export interface IncidentNoticeDetails {
  to: string;
  firstName: string;
  timeZone: string;
  incident: { title: string; message: string; packages: IncidentPackage[] | null; startedAt: Date };
}

/**
 * The email of a posted incident to a customer it affects (decision 0094): a service notice,
 * composed here and queued by the incidents workflow in the posting's transaction.
 */
export function incidentNoticeMail({ to, firstName, timeZone, incident }: IncidentNoticeDetails, publicUrl: string): Email {
  const paragraphs = incident.message.split(/\n\s*\n/).map((paragraph) => paragraph.trim()).filter(Boolean);
  const affects = affectedPackagesText(incident.packages);
  const startedOn = customerDateTime(incident.startedAt, timeZone);
  const text = [
    `Hello ${firstName},`,
    '',
    ...paragraphs.flatMap((paragraph) => [paragraph, '']),
    `Affects: ${affects}`,
    `Started: ${startedOn}`,
    '',
    `We will update the status page as we know more: ${storeLink(publicUrl, '/status')}`,
    '',
    'StreamPlus',
  ].join('\n');
  const html = createElement(IncidentNoticeEmail, { firstName, title: incident.title, paragraphs, affects, startedOn });
  return { to, subject: `Service notice: ${incident.title}`, text, html };
}
