import { createElement } from 'react';
import { creditsPerDay, creditsText, daysText, SALES_WINDOW_DAYS, UNREACHABLE_ALERT_MINUTES, CREDITS_ALERT_DAYS, type PanelAlertKind } from '#domain/panel-health';
import { customerDateTime } from '#domain/store-time';
import { storeLink, type Email } from '#server/lib/email/index';
import { PanelAlertEmail, PANEL_VIEW_PATH, type PanelAlertProps } from './alert-template';

/** What an alert tells the owner: raised or cleared, with the facts of the moment (decision 0093). */
export interface PanelAlertEvent {
  kind: PanelAlertKind;
  change: 'raised' | 'cleared';
  /** When the condition began: the first failed check, or the check that found the credits short. */
  since: Date;
  /** The check that changed the alert. */
  at: Date;
  /** The latest check's error, for an unreachable panel. */
  error: string | null;
  /** The credits facts, for a credits alert. */
  credits: { credits: number; devicesLast7Days: number; daysLeft: number | null } | null;
  jobsWaiting: number;
}

/** The alert's words, for its email and its Telegram message alike. */
export type PanelAlertMessage = PanelAlertProps & { subject: string };

const minutesBetween = (from: Date, to: Date) => Math.round((to.getTime() - from.getTime()) / 60_000);
const minutesText = (minutes: number) => `${minutes} ${minutes === 1 ? 'minute' : 'minutes'}`;

function unreachableMessage(event: PanelAlertEvent, when: (date: Date) => string): PanelAlertMessage {
  const waiting: readonly [string, string] = ['Provisioning jobs waiting', String(event.jobsWaiting)];
  if (event.change === 'raised') {
    return {
      subject: `Alert: the provisioning panel has been unreachable for ${UNREACHABLE_ALERT_MINUTES} minutes`,
      preview: `The provisioning panel has not answered since ${when(event.since)}.`,
      heading: 'The panel is unreachable',
      paragraphs: [
        `The provisioning panel has not answered the store's checks since ${when(event.since)}.`,
        'New orders wait for it: their lines are made when it answers again, and none is lost. Check the panel, its address (XTREAM_PANEL_URL) and its reseller key.',
      ],
      facts: [['Unreachable since', when(event.since)], ['Last error', event.error ?? 'None given'], waiting],
    };
  }
  const down = minutesText(minutesBetween(event.since, event.at));
  return {
    subject: 'Recovered: the provisioning panel answers again',
    preview: `The provisioning panel answered again at ${when(event.at)}, after ${down}.`,
    heading: 'The panel answers again',
    paragraphs: [
      `The provisioning panel answered the store's check at ${when(event.at)}, after failing since ${when(event.since)} (${down}).`,
      'The orders that waited are provisioned as their jobs run again.',
    ],
    facts: [['Unreachable from', when(event.since)], ['Answering again at', when(event.at)], waiting],
  };
}

function creditsMessage(event: PanelAlertEvent): PanelAlertMessage {
  const { credits, devicesLast7Days, daysLeft } = event.credits ?? { credits: 0, devicesLast7Days: 0, daysLeft: null };
  const rate = `${creditsText(creditsPerDay(devicesLast7Days))} a day (${devicesLast7Days} ${devicesLast7Days === 1 ? 'device' : 'devices'} provisioned in the last ${SALES_WINDOW_DAYS} days)`;
  const lasting = daysLeft === null ? 'Not at this rate: nothing was provisioned in the last 7 days' : daysText(daysLeft);
  const facts: PanelAlertProps['facts'] = [
    ['Credits left', creditsText(credits)],
    ['Credits used', rate],
    ['They last', lasting],
  ];
  if (event.change === 'raised') {
    return {
      subject: `Alert: the panel's credits run out within ${CREDITS_ALERT_DAYS} days`,
      preview: `${creditsText(credits)} credits left: ${daysLeft === null ? 'no sales' : daysText(daysLeft)} at the last 7 days' sales.`,
      heading: 'Panel credits are running out',
      paragraphs: [
        `The reseller account on the provisioning panel has ${creditsText(credits)} credits left: at the last ${SALES_WINDOW_DAYS} days' sales they last ${daysLeft === null ? 'indefinitely' : daysText(daysLeft)}.`,
        'Top up the reseller account before they run out: without credits the panel makes no new line and extends none.',
      ],
      facts,
    };
  }
  return {
    subject: `Recovered: the panel's credits last more than ${CREDITS_ALERT_DAYS} days`,
    preview: `${creditsText(credits)} credits now: ${daysLeft === null ? 'no sales in the last 7 days' : daysText(daysLeft)} at the last 7 days' sales.`,
    heading: 'Panel credits are sufficient again',
    paragraphs: [`The reseller account on the provisioning panel has ${creditsText(credits)} credits: ${daysLeft === null ? 'with nothing provisioned in the last 7 days, they do not run out at that rate' : `at the last ${SALES_WINDOW_DAYS} days' sales they last ${daysText(daysLeft)}`}.`],
    facts,
  };
}

/** The alert's words, with its times in the store's time zone. */
export function panelAlertMessage(event: PanelAlertEvent, timeZone: string): PanelAlertMessage {
  const when = (date: Date) => customerDateTime(date, timeZone);
  return event.kind === 'unreachable' ? unreachableMessage(event, when) : creditsMessage(event);
}

/** The alert's plain text: the email's text part and the Telegram message. */
export function panelAlertText(message: PanelAlertMessage, publicUrl: string): string {
  return [message.heading, '', ...message.paragraphs, '', ...message.facts.map(([term, value]) => `${term}: ${value}`), '', `Panel view: ${storeLink(publicUrl, PANEL_VIEW_PATH)}`].join('\n');
}

/** The alert's email to the owner (ALERT_EMAIL), queued by the panel-watch workflow with the alert's change. */
export function panelAlertMail(to: string, message: PanelAlertMessage, publicUrl: string): Email {
  const { subject, ...props } = message;
  return { to, subject, text: panelAlertText(message, publicUrl), html: createElement(PanelAlertEmail, props) };
}
