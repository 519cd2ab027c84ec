import { createElement } from 'react';
import type { CurrencyCode } from '#domain/currencies';
import type { Locale } from '#domain/locales';
import type { Cents } from '#domain/money';
import type { MilestoneName } from '#domain/renewal-milestones';
import { storeLink, type Email } from '#server/lib/email/index';
import { wordsIn } from '#server/lib/i18n/index';
import { noticeText, serviceNoticeEmail } from './service-notice-email';
import { RenewalReminderEmail, type RenewalReminderProps } from './reminder-template';

/**
 * The texts of the renewal schedule's emails (decision 0046): one
 * template, the words chosen by milestone. The text version says what the HTML does.
 */

/** The schedule's milestones drawn here; the auto-renewing subscription's notice has its own email (charge-notice-email.ts). */
type ScheduleMilestone = Exclude<MilestoneName, 'renewal-notice'>;

export interface MilestoneMailDetails {
  to: string;
  firstName: string;
  /** The zone its times are written in: the customer's, or the store's until theirs is known (decision 0074). */
  timeZone: string;
  milestone: ScheduleMilestone;
  packageName: string;
  packageDuration: string;
  deviceCount: number;
  expirationDate: Date;
  /** What renewing the same package and devices costs today. */
  renewalCents: Cents;
  /** The expiry a renewal paid before this one gives (the crypto invoice says it). */
  renewsUntil: Date;
  /** The crypto renewal invoice to pay, when one was opened for this period (decision 0046). */
  invoiceUrl: string | null;
  /** A lapsed subscription's grace end. */
  graceEndsAt: Date | null;
  /** The owner's win-back coupon, for the win-back emails. */
  winBackCoupon: string | null;
  /** The language of the subscription's last order and the currency of its price (decision 0107): English and USD when absent. */
  locale?: Locale;
  currency?: CurrencyCode;
}

/** Who is written to and about which subscription: what every notice of the schedule says first. */
export type SubscriptionNoticeDetails = Pick<
  MilestoneMailDetails,
  'to' | 'firstName' | 'timeZone' | 'packageName' | 'packageDuration' | 'deviceCount' | 'expirationDate' | 'locale' | 'currency'
>;

/** The words, dates and prices of a notice, in its language and currency. */
export function writerOf(details: Pick<MilestoneMailDetails, 'timeZone' | 'locale' | 'currency'>) {
  const words = wordsIn(details.locale ?? 'en');
  return {
    words,
    t: words.t,
    price: (cents: Cents) => words.price(cents, details.currency ?? 'USD'),
    day: (date: Date) => words.date(date, details.timeZone),
    dayTime: (date: Date) => words.dateTime(date, details.timeZone),
  };
}

/** The package, its devices and its expiry, as every notice of the schedule lists them. */
export const packageFacts = (details: SubscriptionNoticeDetails, expiry: 'Expires' | 'Expired', on: string): RenewalReminderProps['facts'] => {
  const { t } = wordsIn(details.locale ?? 'en');
  return [
    [t('mail.fact.package'), t('receipt.packageValue', { name: details.packageName, duration: details.packageDuration })],
    [t('mail.fact.devices'), String(details.deviceCount)],
    [t(expiry === 'Expires' ? 'mail.fact.expires' : 'mail.fact.expired'), on],
  ];
};

function paragraphsOf(details: MilestoneMailDetails, expiresOn: string): string[] {
  const { t, price: priceOf, day, dayTime } = writerOf(details);
  const price = priceOf(details.renewalCents);
  const { milestone, packageName } = details;
  if (milestone === 'grace') {
    const until = details.graceEndsAt ? dayTime(details.graceEndsAt) : null;
    return [
      t('reminder.expiredOn', { packageName, date: expiresOn }),
      until ? t('reminder.graceUntil', { until }) : t('reminder.renewToTurnOn'),
      t('reminder.graceCost', { price }),
    ];
  }
  if (milestone === 'win-back-7d' || milestone === 'win-back-30d') {
    return [
      t('reminder.endedOn', { packageName, date: expiresOn }),
      details.winBackCoupon ? t('reminder.winBackCode', { code: details.winBackCoupon }) : t('reminder.winBackRenew', { price }),
    ];
  }
  if (milestone === 'trial-12h' || milestone === 'trial-1h') {
    return [t('reminder.trialEndsOn', { date: expiresOn }), t('reminder.choosePackageNote')];
  }
  if (details.invoiceUrl) {
    return [t('reminder.expiresOn', { packageName, date: expiresOn }), t('reminder.invoiceReady', { packageName, price, until: day(details.renewsUntil) })];
  }
  return [t('reminder.expiresOn', { packageName, date: expiresOn }), milestone === '7d' ? t('reminder.cost7d', { price }) : t('reminder.cost', { price })];
}

export function renewalMilestoneMail(details: MilestoneMailDetails, publicUrl: string): Email {
  const { words, t, dayTime } = writerOf(details);
  const expiresOn = dayTime(details.expirationDate);
  const paragraphs = paragraphsOf(details, expiresOn);
  const subject = t(`reminder.subject.${details.milestone}`);
  const heading = t(`reminder.heading.${details.milestone}`);
  const account = storeLink(publicUrl, '/account');
  const trial = details.milestone === 'trial-12h' || details.milestone === 'trial-1h';
  const button = trial ? { label: t('reminder.choosePackage'), href: account } : { label: t('reminder.renewNow'), href: details.invoiceUrl ?? account };
  const lapsed = details.milestone === 'grace' || details.milestone.startsWith('win-back');
  const facts = packageFacts(details, lapsed ? 'Expired' : 'Expires', expiresOn);
  const couponCode = details.milestone.startsWith('win-back') ? details.winBackCoupon : null;
  const footnote = trial ? t('reminder.choosePackageNote') : t('reminder.renewNote');
  const text = noticeText(words, details.firstName, paragraphs, facts, couponCode ? ['', `${t('reminder.yourCode')} ${couponCode}`] : [], button);
  const html = createElement(RenewalReminderEmail, { heading, firstName: details.firstName, paragraphs, facts, couponCode, button, footnote, locale: words.locale });
  return { to: details.to, subject, text, html };
}

/** A renewal that cannot be offered: the owner stopped selling the package. */
export function packageRetiredMail(details: SubscriptionNoticeDetails, publicUrl: string): Email {
  const { words, t, dayTime } = writerOf(details);
  const expiresOn = dayTime(details.expirationDate);
  const paragraphs = [t('reminder.expiresOn', { packageName: details.packageName, date: expiresOn }), t('retired.notSold', { packageName: details.packageName })];
  const facts = packageFacts(details, 'Expires', expiresOn);
  const button = { label: t('reminder.choosePackage'), href: storeLink(publicUrl, '/account') };
  return serviceNoticeEmail(details.to, t('retired.subject'), { heading: t('retired.heading'), firstName: details.firstName, paragraphs, facts, button, locale: words.locale });
}
