import { createElement } from 'react';
import type { IncidentPackage } from '#contract/status';
import type { Locale } from '#domain/locales';
import { storeLink, type Email } from '#server/lib/email/index';
import { wordsIn } from '#server/lib/i18n/index';
import { IncidentNoticeEmail } from './incident-notice-template';

/** What an incident affects, in words: 'All packages', or the names it was posted with. */
export const affectedPackagesText = (packages: IncidentPackage[] | null) => (packages ? packages.map((pkg) => pkg.name).join(', ') : 'All packages');

export interface IncidentNoticeDetails {
  to: string;
  firstName: string;
  timeZone: string;
  incident: { title: string; message: string; packages: IncidentPackage[] | null; startedAt: Date };
  /** The customer's language (decision 0107); English when absent. The owner's title and message stay as written. */
  locale?: Locale;
}

/**
 * The email of a posted incident to a customer it affects (decision 0094): a service notice,
 * composed here and queued by the incidents workflow in the posting's transaction.
 */
export function incidentNoticeMail({ to, firstName, timeZone, incident, locale = 'en' }: IncidentNoticeDetails, publicUrl: string): Email {
  const words = wordsIn(locale);
  const { t } = words;
  const paragraphs = incident.message.split(/\n\s*\n/).map((paragraph) => paragraph.trim()).filter(Boolean);
  const affects = incident.packages ? affectedPackagesText(incident.packages) : t('emails.incident.allPackages');
  const startedOn = words.dateTime(incident.startedAt, timeZone);
  const text = [
    t('mail.hello', { name: firstName }),
    '',
    ...paragraphs.flatMap((paragraph) => [paragraph, '']),
    `${t('emails.incident.affects')}: ${affects}`,
    `${t('emails.incident.started')}: ${startedOn}`,
    '',
    t('emails.incident.statusLine', { link: storeLink(publicUrl, '/status') }),
    '',
    'StreamPlus',
  ].join('\n');
  const html = createElement(IncidentNoticeEmail, { firstName, title: incident.title, paragraphs, affects, startedOn, locale });
  return { to, subject: t('emails.incident.subject', { title: incident.title }), text, html };
}
