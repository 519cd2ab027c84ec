import type { AdminPanelView, PanelCheck } from '#contract/admin-panel';
import {
  creditDays,
  creditsPerDay,
  creditsRunLow,
  minuteOf,
  nearestRank,
  SALES_WINDOW_DAYS,
  unreachableLongEnough,
  type PanelAlertKind,
} from '#domain/panel-health';
import type { Config } from '#server/config';
import type { Db } from '#server/db/connect';
import type { JobLogger, JobQueue } from '#server/jobs/queue';
import { jobsWaiting } from '#server/jobs/waiting';
import type { Clock } from '#server/lib/clock';
import type { Mail } from '#server/features/mail/index';
import {
  activeAlerts,
  checksOfLastHour,
  clearAlert,
  failingSince,
  forgetChecksBefore,
  isMinuteRecorded,
  latestCheck,
  latestCredits,
  panelAlertMail,
  panelAlertMessage,
  panelAlertText,
  raiseAlert,
  recordCheck,
  type PanelAlertEvent,
  type PanelCheckRow,
} from '#server/features/panel-watch/index';
import { devicesProvisioned } from '#server/features/reports/index';
import { SUBSCRIPTION_JOBS } from '#server/features/subscriptions/index';
import type { ProvisioningProvider } from '#server/providers/provisioning/index';
import type { TelegramProvider } from '#server/providers/telegram/index';
import { PAID_ORDER_JOBS } from './paid-order';

/** The durable jobs of the panel's watch (D10). */
export const PANEL_WATCH_JOBS = {
  /** Posts one alert's message to the owner's Telegram chat; added with the alert's change, retried while Telegram fails. */
  telegram: 'panel-alert-telegram',
} as const;

/**
 * Each started instance looks every 15 s whether this minute's check is recorded, and checks
 * the panel when it is not: the first instance of each minute records it (decision 0093). A
 * 60 s interval would drift past a minute now and then and leave it without a check.
 */
const CHECK_TICK_SECONDS = 15;
const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;
/** Checks older than this are forgotten, once an hour. */
const CHECKS_KEPT_MS = 30 * DAY_MS;
/** An error as long as a stack trace is cut: the admin's list and the alert show its start. */
const ERROR_TEXT_MAX = 500;
/** The failed checks the Panel view lists, newest first. */
const RECENT_ERRORS_SHOWN = 5;
/** The provisioning queues: a paid order's lines to make, a refunded subscription's lines to bring in line. */
const PROVISIONING_QUEUES = [PAID_ORDER_JOBS.provisionOrder, SUBSCRIPTION_JOBS.syncLines];

export interface PanelWatchDeps {
  db: Db;
  jobs: JobQueue;
  provider: Pick<ProvisioningProvider, 'kind' | 'checkHealth'>;
  mail: Pick<Mail, 'queue'>;
  telegram: TelegramProvider;
  clock: Clock;
  config: Pick<Config, 'ALERT_EMAIL' | 'PUBLIC_URL' | 'STORE_TIME_ZONE' | 'TELEGRAM_CHAT_ID'>;
  logger?: JobLogger | undefined;
}

/** What a call of checkNow did: recorded the minute's check, or found it recorded by an instance that came first. */
type CheckOutcome = 'recorded' | 'already recorded';

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, ERROR_TEXT_MAX);

const checkView = (check: PanelCheckRow): PanelCheck => ({
  checkedAt: check.checkedAt.toISOString(),
  reachable: check.reachable,
  latencyMs: check.latencyMs,
  error: check.error,
});

/**
 * The provisioning panel watched (decision 0093): the minute's check recorded once across
 * instances, the owner alerted by email (ALERT_EMAIL) and Telegram when the panel has been
 * unreachable for 5 minutes or its credits run out within 3 days, and again at each recovery,
 * once each; and the admin's Panel view. Crosses the panel-watch feature (checks and alerts),
 * mail (the email in the alert's transaction), the queue (the Telegram job, in the same
 * transaction) and the orders' sales (the credits' rate).
 */
export function createPanelWatch({ db, jobs, provider, mail, telegram, clock, config, logger }: PanelWatchDeps) {
  const publicUrl = config.PUBLIC_URL;

  const provisioningJobsWaiting = () => jobsWaiting(db, PROVISIONING_QUEUES);
  const devicesOfLastWeek = (until: Date) => devicesProvisioned(db, new Date(until.getTime() - SALES_WINDOW_DAYS * DAY_MS), until);

  /**
   * Raises or clears one alert and, when this call changed it, writes its email and its
   * Telegram job in the same transaction: a crash loses neither, and of two instances doing
   * it at once only the one whose conditional update applied writes them.
   */
  async function announce(event: Omit<PanelAlertEvent, 'since'> & { since?: Date }, now: Date): Promise<void> {
    await db.transaction(async (tx) => {
      const changed = event.change === 'raised' ? await raiseAlert(tx, event.kind, event.since ?? now, now) : await clearAlert(tx, event.kind, now);
      if (!changed) return;
      const message = panelAlertMessage({ ...event, since: changed.since }, config.STORE_TIME_ZONE);
      const key = `panel-alert:${event.kind}:${changed.episode}:${event.change}`;
      if (config.ALERT_EMAIL) await mail.queue(tx, panelAlertMail(config.ALERT_EMAIL, message, publicUrl), { key });
      await jobs.sendInTransaction(tx, [{ name: PANEL_WATCH_JOBS.telegram, data: { text: panelAlertText(message, publicUrl) }, singletonKey: key }]);
      logger?.warn({ alert: event.kind, change: event.change, episode: changed.episode }, message.subject);
    });
  }

  /** Raises or clears the alerts from the checks up to `at` (the minute just recorded). */
  async function reviewAlerts(at: Date): Promise<void> {
    const latest = await latestCheck(db, at);
    if (!latest) return;
    // Jobs are added inside the alerts' transactions: the queue is installed first (on PGlite it cannot be beside one).
    await jobs.ready();
    const active = new Set<PanelAlertKind>((await activeAlerts(db)).map((alert) => alert.kind));
    const now = clock.now();
    const facts = { at: latest.checkedAt, error: latest.error, credits: null };

    if (!latest.reachable && !active.has('unreachable')) {
      const since = await failingSince(db, latest.minute);
      if (since && unreachableLongEnough(since, latest.minute)) {
        await announce({ kind: 'unreachable', change: 'raised', since, ...facts, jobsWaiting: await provisioningJobsWaiting() }, now);
      }
    } else if (latest.reachable && active.has('unreachable')) {
      await announce({ kind: 'unreachable', change: 'cleared', ...facts, jobsWaiting: await provisioningJobsWaiting() }, now);
    }

    if (!latest.reachable || latest.credits === null) return;
    const devicesLast7Days = await devicesOfLastWeek(latest.checkedAt);
    const daysLeft = creditDays(latest.credits, devicesLast7Days);
    const low = creditsRunLow(daysLeft);
    if (low === active.has('credits_low')) return;
    const credits = { credits: latest.credits, devicesLast7Days, daysLeft };
    await announce({ kind: 'credits_low', change: low ? 'raised' : 'cleared', ...facts, credits, since: latest.checkedAt, jobsWaiting: 0 }, now);
  }

  /**
   * The minute's check, unless an instance recorded it already: asks the panel, records
   * the answer (or the failure, with why) with its latency, and reviews the alerts.
   */
  async function checkNow(now = clock.now()): Promise<CheckOutcome> {
    const minute = minuteOf(now);
    if (await isMinuteRecorded(db, minute)) return 'already recorded';
    const started = performance.now();
    let result: Pick<PanelCheckRow, 'reachable' | 'error' | 'credits'>;
    try {
      const { credits } = await provider.checkHealth();
      result = { reachable: true, error: null, credits };
    } catch (error) {
      result = { reachable: false, error: errorText(error), credits: null };
    }
    const latencyMs = Math.round(performance.now() - started);
    if (!(await recordCheck(db, { minute, checkedAt: now, latencyMs, ...result }))) return 'already recorded';
    if (minute.getTime() % HOUR_MS === 0) await forgetChecksBefore(db, new Date(minute.getTime() - CHECKS_KEPT_MS));
    await reviewAlerts(minute);
    return 'recorded';
  }

  jobs.work<{ text: string }>(PANEL_WATCH_JOBS.telegram, async ({ text }) => telegram.send(text));
  jobs.every('the panel check', CHECK_TICK_SECONDS, async () => void (await checkNow()));

  return {
    checkNow,
    reviewAlerts,

    /** The admin's Panel view at `now`. */
    async view(now: Date): Promise<AdminPanelView> {
      // The waiting jobs are read from the queue's own tables.
      await jobs.ready();
      const checks = await checksOfLastHour(db, now);
      const latest = await latestCheck(db, now);
      const answered = checks.filter((check) => check.reachable).map((check) => check.latencyMs).sort((a, b) => a - b);
      const failures = checks.filter((check) => !check.reachable);
      const given = await latestCredits(db, now);
      let credits: AdminPanelView['credits'] = null;
      if (given) {
        const devicesLast7Days = await devicesOfLastWeek(now);
        credits = {
          credits: given.credits,
          checkedAt: given.checkedAt.toISOString(),
          devicesLast7Days,
          perDay: creditsPerDay(devicesLast7Days),
          daysLeft: creditDays(given.credits, devicesLast7Days),
        };
      }
      return {
        provider: provider.kind,
        latest: latest && checkView(latest),
        lastHour: {
          checks: checks.length,
          errors: failures.length,
          p50Ms: nearestRank(answered, 0.5),
          p99Ms: nearestRank(answered, 0.99),
          recentErrors: failures.slice(-RECENT_ERRORS_SHOWN).reverse().map(checkView),
        },
        provisioningJobsWaiting: await provisioningJobsWaiting(),
        credits,
        alerts: {
          email: config.ALERT_EMAIL ?? null,
          // A bot without a staff chat serves customers only (decision 0103): the alerts go nowhere in Telegram.
          telegram: telegram.kind === 'telegram' && Boolean(config.TELEGRAM_CHAT_ID),
          active: (await activeAlerts(db)).map((alert) => ({ kind: alert.kind, since: alert.since.toISOString() })),
        },
      };
    },
  };
}
