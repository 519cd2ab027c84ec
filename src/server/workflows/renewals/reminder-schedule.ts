import { GIFT_CARDS } from '#domain/catalog';
import { DEFAULT_CURRENCY, type CurrencyCode } from '#domain/currencies';
import type { Cents } from '#domain/money';
import { graceEnd, MANUAL_RENEWAL_MILESTONES, MILESTONES, type Milestone } from '#domain/renewal-milestones';
import { addDuration } from '#domain/subscription-status';
import type { CheckoutInput } from '#contract/checkout';
import type { Db } from '#server/db/connect';
import type { JobLogger, JobQueue } from '#server/jobs/queue';
import type { Clock } from '#server/lib/clock';
import { findCustomer, timeZoneOf } from '#server/features/accounts/index';
import type { PlaceOrderWorkflow } from '../place-order';
import { winBackCouponOffered } from '#server/features/coupons/index';
import type { Mail } from '#server/features/mail/index';
import {
  claimMilestone,
  dueMilestones,
  milestoneClaim,
  renewalCentsIn,
  renewalQuote,
  runsPaidSubscription,
  SCHEDULED_POLICY,
  type DueMilestone,
  type Subscriptions,
} from '#server/features/subscriptions/index';
import { chargeOfPeriod, packageRetiredMail, renewalMilestoneMail, renewalNoticeMail } from '#server/features/renewals/index';
import { lastPaidOrder, type CryptoRenewalInvoices } from './crypto-invoices';
import { renewingPackage } from './renewal-order';
import { localeOfSubscription, termsOfSubscription } from './subscription-locale';
import { suspendAfterGrace, type GraceSuspensionDeps } from './grace-suspension';

/** The job's name is still its first one: the queues of running stores know it by that (decision 0083). */
export const RENEWAL_SCHEDULE_JOB = 'renewal-pass';
/** Every 5 minutes, and once at start-up (decision 0046). */
const RENEWAL_SCHEDULE_CRON = '*/5 * * * *';
const AFTER_START_SECONDS = 1;
/** Subscriptions per milestone in one pass; the next pass takes the rest. */
const BATCH = 500;
/** The milestones at which a crypto subscription's renewal invoice is opened and linked (decision 0046). */
const INVOICE_MILESTONES = new Set(['3d', '1d', '0d']);

export interface RenewalScheduleDeps {
  db: Db;
  jobs: JobQueue;
  mail: Pick<Mail, 'queue'>;
  subscriptions: Pick<Subscriptions, 'expireSubscriptions' | 'renewalTermsOf'> & GraceSuspensionDeps['subscriptions'];
  placeOrder: Pick<PlaceOrderWorkflow, 'place'>;
  cryptoInvoices: CryptoRenewalInvoices;
  config: { PUBLIC_URL: string; GRACE_DAYS: number; STORE_TIME_ZONE: string };
  clock: Clock;
  logger?: JobLogger | undefined;
}

export interface SchedulePassResult {
  /** Subscriptions that ran past their expiry in this pass. */
  expired: number;
  /** Subscriptions whose lines this pass turned off after their grace period. */
  suspended: string[];
  /** Emails written. */
  emails: number;
}

type Customer = NonNullable<Awaited<ReturnType<typeof findCustomer>>>;
type AutoCharge = NonNullable<Awaited<ReturnType<Subscriptions['renewalTermsOf']>>['autoCharge']>;

/**
 * The renewal reminder schedule, run as a pass (decision 0046): expiry, the suspension of
 * lines whose grace ended, and the renewal schedule's emails, each milestone once per
 * subscription and period. A crypto subscription's reminders from 3 days before expiry
 * carry its renewal invoice. Runs at start-up and every 5 minutes on every instance: each
 * email's claim is written in its own statement, so instances never send one twice.
 */
export function createRenewalSchedule({ db, jobs, mail, subscriptions, placeOrder, cryptoInvoices, config, clock, logger }: RenewalScheduleDeps) {
  const publicUrl = config.PUBLIC_URL.replace(/\/+$/, '');

  /** The renewal order of a crypto subscription, placed as its owner's checkout would: same package and devices, today's price. */
  async function placeRenewalOrder(due: DueMilestone, customer: Customer, last: { selectedGiftCard: string | null; customerPhone: string | null; currency: CurrencyCode }) {
    const input: CheckoutInput = {
      firstName: customer.firstName,
      lastName: customer.lastName,
      email: customer.email,
      phone: last.customerPhone ?? '',
      packageId: due.packageId,
      paymentMethod: 'crypto',
      deviceCount: due.deviceCount,
      couponCode: null,
      // The gift card the buyer chose last time (checkout asks for one on every paid order).
      selectedGiftCard: GIFT_CARDS.find((card) => card === last.selectedGiftCard) ?? GIFT_CARDS[0],
      shippingAddress: null,
      shippingCity: null,
      shippingState: null,
      shippingZip: null,
      shippingCountry: 'US',
      renewsSubscriptionId: due.id,
      setTopBoxes: [],
      autoRenew: false,
      // Placed by the store, not a browser: the owner's zone stays as it is.
      timeZone: null,
      // Renewed in the currency its owner last paid in (decision 0104).
      currency: last.currency,
      // Its invoice and receipt in the subscription's language (decision 0107).
      locale: await localeOfSubscription(db, due.id, customer.locale),
    };
    const context = { customerId: due.customerId, browserId: `renewal-invoice:${due.id}`, ip: '127.0.0.1', log: logger ?? { error() {} } };
    return (await placeOrder.place(input, context)).order;
  }

  /** The invoice a crypto subscription's reminder links to; null for other subscriptions, 'pending' while another instance opens it. */
  async function invoiceFor(milestone: Milestone, due: DueMilestone, customer: Customer, renewsUntil: Date, now: Date) {
    if (!INVOICE_MILESTONES.has(milestone.name)) return null;
    const last = await lastPaidOrder(db, due.id);
    if (last?.paymentMethod !== 'crypto') return null;
    const opened = await cryptoInvoices.open({
      subscriptionId: due.id,
      periodEnd: due.expirationDate,
      packageName: due.packageName,
      renewsUntil,
      timeZone: timeZoneOf(customer, config.STORE_TIME_ZONE),
      now,
      placeOrder: () => placeRenewalOrder(due, customer, last),
    });
    return opened === 'pending' ? 'pending' : opened.invoiceUrl;
  }

  /**
   * How the period renews (decisions 0045 and 0075). 'by hand' when no saved card renews it,
   * or its charge was called off (auto-renew turned off, even if turned on again): the
   * reminders ask for a renewal. 'charged' when the card paid it: nothing to say. Otherwise the
   * card renews it: `notice` is the charge the renewal notice announces, null once the charge
   * was tried. While automatic renewal is on, the renewals feature's emails say what becomes of
   * the charge (the receipt; each decline, with the next attempt or the expiry and grace end;
   * the request to confirm a 3-D Secure charge), so no reminder asks for a renewal by hand.
   */
  async function cardRenewal(subscriptionId: string, periodEnd: Date, now: Date): Promise<'by hand' | 'charged' | { notice: AutoCharge | null }> {
    const { autoCharge } = await subscriptions.renewalTermsOf(subscriptionId);
    if (!autoCharge) return 'by hand';
    const charge = await chargeOfPeriod(db, subscriptionId, periodEnd);
    if (!charge) return { notice: { ...autoCharge, on: new Date(Math.max(autoCharge.on.getTime(), now.getTime())) } };
    if (charge.status === 'succeeded') return 'charged';
    if (charge.status === 'cancelled' || charge.status === 'skipped') return 'by hand';
    const untried = (charge.status === 'scheduled' || charge.status === 'charging') && charge.firstDeclinedAt === null;
    return { notice: untried ? { ...autoCharge, on: new Date(Math.max(charge.nextAttemptAt.getTime(), now.getTime())) } : null };
  }

  /**
   * What the saved card will be charged, in the subscription's currency: the charge is placed as
   * renewal-order.ts places it (a box's subscription as the package of its period), at that
   * currency's price (decision 0104). The subscriptions feature counts USD's, which is quoted
   * when that currency's list lacks the package, as a reminder quotes it.
   */
  async function noticeCharge(due: DueMilestone, currency: CurrencyCode, usdCents: Cents): Promise<{ amountCents: Cents; currency: CurrencyCode }> {
    const { renewing } = currency === DEFAULT_CURRENCY ? { renewing: null } : await renewingPackage(db, due.packageId);
    const cents = renewing && (await renewalCentsIn(db, renewing, due.deviceCount, currency));
    return cents === null ? { amountCents: usdCents, currency: DEFAULT_CURRENCY } : { amountCents: cents, currency };
  }

  /**
   * Writes one milestone's email with its claim; true when written. A subscription its saved
   * card renews gets the renewal notice 7 days before the charge and no reminder asking for a
   * renewal by hand: those are claimed without an email, so a customer who turns automatic
   * renewal off later gets the ones still to come (decision 0075).
   */
  async function sendMilestone(milestone: Milestone, due: DueMilestone, now: Date): Promise<boolean> {
    const customer = await findCustomer(db, due.customerId);
    if (!customer) return false;
    const periodEnd = due.expirationDate;
    const when = milestoneClaim(db, due.id, periodEnd, milestone.name, now);
    // A reminder: unsubscribe headers and link, nothing written for a customer who turned reminders off (decision 0040).
    // The grace notice and the renewal notice are service notices: neither (decision 0075).
    const reminder = milestone.name === 'grace' || milestone.name === 'renewal-notice' ? undefined : { customerId: due.customerId };
    // In the language and currency of the subscription's last order (decisions 0104, 0107), at that currency's price today.
    const terms = await termsOfSubscription(db, due.id, customer.locale);
    const quote = await renewalQuote(db, { id: due.packageId, price: due.packagePrice }, due.deviceCount, terms.currency);
    const facts = { to: customer.email, firstName: customer.firstName, timeZone: timeZoneOf(customer, config.STORE_TIME_ZONE), ...due, locale: terms.locale, currency: quote.currency };
    if (milestone.status === 'active' && (!due.packageOnSale || !quote.listed)) {
      // No longer sold (in its currency, decision 0104): nothing to renew as it is, so one notice a period, whichever reminder comes first.
      const key = `package-retired:${due.id}:${periodEnd.toISOString()}`;
      return mail.queue(db, packageRetiredMail(facts, publicUrl), { key, when, reminder });
    }
    const renewal = await cardRenewal(due.id, periodEnd, now);
    if (renewal === 'charged') return false;
    const renewsUntil = addDuration(periodEnd, { unit: due.packageDurationUnit, value: due.packageDurationValue });
    const claimSilently = async () => {
      await claimMilestone(db, due.id, periodEnd, milestone.name, now);
      return false;
    };
    if (milestone.name === 'renewal-notice') {
      if (renewal === 'by hand' || !renewal.notice) return claimSilently();
      const key = `renewal-notice:${due.id}:${periodEnd.toISOString()}`;
      const { amountCents, currency } = await noticeCharge(due, terms.currency, renewal.notice.amountCents);
      return mail.queue(db, renewalNoticeMail({ ...facts, currency, charge: { ...renewal.notice, amountCents }, renewsUntil }, publicUrl), { key, when });
    }
    if (renewal !== 'by hand' && MANUAL_RENEWAL_MILESTONES.has(milestone.name)) return claimSilently();
    // "Choose a package" to one who already chose one would be a surprise.
    if (milestone.audience === 'trial' && (await runsPaidSubscription(db, due.customerId, now))) return claimSilently();
    const invoiceUrl = await invoiceFor(milestone, due, customer, renewsUntil, now);
    if (invoiceUrl === 'pending') return false;
    const graceEndsAt = graceEnd(periodEnd, config.GRACE_DAYS);
    const message = renewalMilestoneMail(
      {
        ...facts,
        milestone: milestone.name,
        renewalCents: quote.renewalCents,
        renewsUntil,
        invoiceUrl,
        graceEndsAt: graceEndsAt.getTime() > now.getTime() ? graceEndsAt : null,
        winBackCoupon: milestone.name.startsWith('win-back') ? await winBackCouponOffered(db, now) : null,
      },
      publicUrl,
    );
    return mail.queue(db, message, { key: `renewal-${milestone.name}:${due.id}:${periodEnd.toISOString()}`, when, reminder });
  }

  /** One pass at `now`. A failure (the panel, the crypto provider) is retried by the next pass; the rest of the pass goes on. */
  async function runPass(now = clock.now()): Promise<SchedulePassResult> {
    let failure: unknown = null;
    const fail = (error: unknown, details: object) => {
      failure ??= error;
      logger?.warn({ ...details, err: error }, 'renewal pass step failed; the next pass tries again');
    };
    const started = performance.now();
    const result: SchedulePassResult = { expired: 0, suspended: [], emails: 0 };
    try {
      result.expired = await subscriptions.expireSubscriptions(now);
    } catch (error) {
      fail(error, { step: 'expire' });
    }
    try {
      result.suspended = await suspendAfterGrace({ db, mail, subscriptions, config }, now);
    } catch (error) {
      fail(error, { step: 'suspend' });
    }
    for (const milestone of MILESTONES) {
      for (const due of await dueMilestones(db, milestone, now, BATCH)) {
        try {
          if (await sendMilestone(milestone, due, now)) result.emails++;
        } catch (error) {
          fail(error, { step: 'milestone', milestone: milestone.name, subscriptionId: due.id });
        }
      }
    }
    // The bench reads this line (tests/bench/reminders.bench.mjs).
    logger?.info({ ms: Math.round(performance.now() - started), expired: result.expired, suspended: result.suspended.length, emails: result.emails }, 'renewal pass done');
    if (failure) throw failure instanceof Error ? failure : new Error('The renewal pass failed', { cause: failure });
    return result;
  }

  jobs.work(RENEWAL_SCHEDULE_JOB, async () => void (await runPass()), SCHEDULED_POLICY);
  jobs.schedule(RENEWAL_SCHEDULE_JOB, RENEWAL_SCHEDULE_CRON, { afterStartSeconds: AFTER_START_SECONDS });

  return { runPass };
}
