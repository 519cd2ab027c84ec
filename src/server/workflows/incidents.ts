import { inArray } from 'drizzle-orm';
import { INCIDENT_NOT_FOUND, type IncidentAction, type NewIncident } from '#contract/admin-incidents';
import type { IncidentPackage } from '#contract/status';
import type { AuditActor } from '#domain/actors';
import { canonicalPackageId } from '#domain/catalog';
import { conflict, invalid, notFound } from '#domain/errors';
import type { Db, DbOrTx } from '#server/db/connect';
import type { JobLogger, JobQueue } from '#server/jobs/queue';
import type { Clock } from '#server/lib/clock';
import { findCustomer, timeZoneOf } from '#server/features/accounts/index';
import { recordAdminAction } from '#server/features/audit/index';
import { packagesForReading as packages } from '#server/features/catalog/index';
import {
  adminIncidentOf,
  affectedPackagesText,
  claimCompensation,
  compensationMail,
  findCompensation,
  findIncident,
  holdPanelLine,
  incidentNoticeMail,
  insertIncident,
  markPanelLineDone,
  openIncidentLike,
  panelLinesDue,
  recordCompensatedLines,
  recordNotified,
  releasePanelLine,
  setIncidentEnd,
  type IncidentRow,
} from '#server/features/incidents/index';
import type { Mail } from '#server/features/mail/index';
import { localeOr } from '#server/lib/i18n/index';
import { customersRunningSubscriptions, extendForIncident, SCHEDULED_POLICY, type ExtendedSubscription, type Subscriptions } from '#server/features/subscriptions/index';

/** The durable jobs of compensations (D10): one incident's panel lines at once, and the pass that finishes any left due. */
export const INCIDENT_JOBS = {
  panelLines: 'incident-compensation-panel',
  panelPass: 'incident-compensation-pass',
} as const;
/** Every 5 minutes and after each start, like the renewal pass: a panel back from an outage is caught up within minutes. */
const PANEL_PASS_CRON = '*/5 * * * *';
const PANEL_PASS_AFTER_START_SECONDS = 30;
/** A subscription's lines on the panel take at most four calls of 15 s: a pass holds one line this long. */
const PANEL_HOLD_MS = 5 * 60_000;
const PANEL_BATCH = 200;
/** A browser's "now" may run this far ahead of the server's: such a time is taken as now, a later one refused. */
const CLOCK_SKEW_MS = 5 * 60_000;

export interface IncidentsDeps {
  db: Db;
  jobs: JobQueue;
  clock: Clock;
  mail: Pick<Mail, 'queue'>;
  /** The panel's lines of a subscription, brought to its expiry by the subscriptions feature. */
  subscriptions: Pick<Subscriptions, 'syncLines'>;
  /** The status page's kept answer, forgotten when an incident changes here. */
  storeStatus: { forget(): void };
  config: { PUBLIC_URL: string; STORE_TIME_ZONE: string };
  logger?: JobLogger | undefined;
}

const plural = (count: number, one: string, many = `${one}s`) => `${count} ${count === 1 ? one : many}`;

/** How long an incident lasted, in words: '2 hours 5 minutes'. */
function durationText(from: Date, to: Date): string {
  const minutes = Math.max(0, Math.round((to.getTime() - from.getTime()) / 60_000));
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  const parts = [days && plural(days, 'day'), hours && plural(hours, 'hour'), minutes % 60 && plural(minutes % 60, 'minute')].filter(Boolean);
  return parts.length > 0 ? parts.join(' ') : 'under a minute';
}

/** A time a request names, taken as now when a browser's clock ran a little ahead; a later one is refused. */
function notInFuture(at: Date, now: Date, label: string): Date {
  if (at.getTime() > now.getTime() + CLOCK_SKEW_MS) throw invalid(`${label} must not be in the future`);
  return at.getTime() > now.getTime() ? now : at;
}

/** The packages a request names, as the catalog calls them now; an unknown one is refused. */
async function namedPackages(db: DbOrTx, ids: string[] | null): Promise<IncidentPackage[] | null> {
  if (!ids) return null;
  const wanted = [...new Set(ids.map(canonicalPackageId))];
  const found = await db.select({ id: packages.id, name: packages.name }).from(packages).where(inArray(packages.id, wanted));
  const missing = wanted.filter((id) => !found.some((pkg) => pkg.id === id));
  if (missing.length > 0) throw invalid(`Unknown package: ${missing.join(', ')}`);
  return wanted.map((id) => found.find((pkg) => pkg.id === id)!);
}

/**
 * Incidents and their compensation (decision 0094). Posting writes the incident, its audit row
 * and, when asked, one notice to each customer with a running subscription it affects, in one
 * transaction: the same incident posted again while open emails nobody again. A compensation
 * is claimed once per incident by its own row, and in that transaction every affected running
 * subscription gets its days, a line recording it, and each customer one email listing theirs,
 * with the admin's audit row. The panel is told after the commit, by a job and by the pass
 * that finishes whatever a panel outage left due; each line is held while its panel calls run
 * and marked done once.
 */
export function createIncidentsWorkflow({ db, jobs, clock, mail, subscriptions, storeStatus, config, logger }: IncidentsDeps) {
  /** The incident as the admin sees it now, with the words of what happened. */
  async function answer(id: string, message: string): Promise<IncidentAction> {
    const incident = await adminIncidentOf(db, id, clock.now());
    if (!incident) throw new Error(`Incident ${id} vanished after its change`);
    return { message, incident };
  }

  /** One notice per customer with a running subscription of the incident's packages; how many were written. */
  async function notifyCustomers(tx: DbOrTx, incident: IncidentRow): Promise<number> {
    const customerIds = await customersRunningSubscriptions(tx, { packageIds: incident.packages?.map((pkg) => pkg.id) ?? null });
    let written = 0;
    for (const customerId of customerIds) {
      const customer = await findCustomer(tx, customerId);
      if (!customer) continue;
      // In the customer's saved language (decision 0107); the owner's words stay as posted.
      const notice = incidentNoticeMail({ to: customer.email, firstName: customer.firstName, timeZone: timeZoneOf(customer, config.STORE_TIME_ZONE), incident, locale: localeOr(customer.locale) }, config.PUBLIC_URL);
      // A service notice: sent whatever the customer's reminder choice, once per incident and customer.
      if (await mail.queue(tx, notice, { key: `incident-notice:${incident.id}:${customerId}` })) written++;
    }
    return written;
  }

  /** Each customer's email of a compensation: one per customer, listing every subscription of theirs it extended. */
  async function tellCompensated(tx: DbOrTx, incident: IncidentRow, days: number, extended: ExtendedSubscription[]): Promise<void> {
    if (extended.length === 0) return;
    const names = new Map(
      (await tx
        .select({ id: packages.id, name: packages.name })
        .from(packages)
        .where(inArray(packages.id, [...new Set(extended.map((line) => line.packageId))]))).map((pkg) => [pkg.id, pkg.name]),
    );
    const byCustomer = new Map<string, ExtendedSubscription[]>();
    for (const line of extended) byCustomer.set(line.customerId, [...(byCustomer.get(line.customerId) ?? []), line]);
    for (const [customerId, lines] of byCustomer) {
      const customer = await findCustomer(tx, customerId);
      if (!customer) continue;
      const details = {
        to: customer.email,
        firstName: customer.firstName,
        timeZone: timeZoneOf(customer, config.STORE_TIME_ZONE),
        incidentTitle: incident.title,
        days,
        subscriptions: lines.map((line) => ({ packageName: names.get(line.packageId) ?? line.packageId, orderId: line.orderId, expiresAt: line.expiryAfter })),
        locale: localeOr(customer.locale),
      };
      await mail.queue(tx, compensationMail(details, config.PUBLIC_URL), { key: `incident-compensation:${incident.id}:${customerId}` });
    }
  }

  /**
   * Brings the panel's lines of compensated subscriptions to their new expiry, every line
   * due or one incident's. The first panel failure ends the pass (the panel is likely down)
   * and fails it, so its job is retried; the line is let go at once for the next pass.
   * Returns how many subscriptions this run marked done.
   */
  async function extendPanelLines(incidentId?: string): Promise<number> {
    let done = 0;
    for (;;) {
      const now = clock.now();
      const due = await panelLinesDue(db, { incidentId, now, limit: PANEL_BATCH });
      for (const line of due) {
        if (!(await holdPanelLine(db, line, now, new Date(now.getTime() + PANEL_HOLD_MS)))) continue;
        try {
          await subscriptions.syncLines(line.subscriptionId);
        } catch (error) {
          const message = error instanceof Error ? error.message : String(error);
          await releasePanelLine(db, line, message);
          logger?.warn({ err: error, ...line }, 'the panel did not take a compensated expiry; the next pass tries again');
          throw error instanceof Error ? error : new Error(message);
        }
        if (await markPanelLineDone(db, line, clock.now())) done++;
      }
      if (due.length < PANEL_BATCH) return done;
    }
  }

  jobs.work<{ incidentId: string }>(INCIDENT_JOBS.panelLines, async ({ incidentId }) => void (await extendPanelLines(incidentId)));
  jobs.work(INCIDENT_JOBS.panelPass, async () => void (await extendPanelLines()), SCHEDULED_POLICY);
  jobs.schedule(INCIDENT_JOBS.panelPass, PANEL_PASS_CRON, { afterStartSeconds: PANEL_PASS_AFTER_START_SECONDS });

  return {
    /** POST /api/admin/incidents: `created` false when the same incident was open already (nothing posted or emailed). */
    async post(request: NewIncident, actor: AuditActor): Promise<IncidentAction & { created: boolean }> {
      const now = clock.now();
      const startedAt = request.startedAt ? notInFuture(request.startedAt, now, 'startedAt') : now;
      const named = await namedPackages(db, request.packages);
      const fields = { title: request.title, message: request.message, packages: named };
      const posted = await db.transaction(async (tx) => {
        const row = await insertIncident(tx, { ...fields, startedAt, postedBy: actor.username, notify: request.notify, now });
        if (!row) return null;
        const notified = request.notify ? await notifyCustomers(tx, row) : null;
        if (notified !== null) await recordNotified(tx, row.id, notified);
        await recordAdminAction(tx, {
          actor,
          action: 'incident.post',
          target: { type: 'incident', id: row.id },
          before: {},
          after: { title: row.title, affects: affectedPackagesText(named), startedAt: startedAt.toISOString(), notifiedCustomers: notified },
        });
        return { id: row.id, notified };
      });
      if (!posted) {
        const open = await openIncidentLike(db, fields);
        if (!open) throw conflict('The same incident was ended a moment ago: post it again to open a new one.');
        return { created: false, ...(await answer(open.id, 'This incident is already open on the status page: nothing was posted or emailed again.')) };
      }
      storeStatus.forget();
      const emailed = posted.notified === null ? '' : ` ${plural(posted.notified, 'customer was', 'customers were')} emailed.`;
      return { created: true, ...(await answer(posted.id, `Incident posted.${emailed}`)) };
    },

    /** PATCH /api/admin/incidents/:id: the incident ends (or its end is corrected); one lasting over an hour is offered a compensation. */
    async end(id: string, requestedEnd: Date, actor: AuditActor): Promise<IncidentAction> {
      const now = clock.now();
      const endedAt = notInFuture(requestedEnd, now, 'endedAt');
      await db.transaction(async (tx) => {
        const row = await findIncident(tx, id, { lock: true });
        if (!row) throw notFound(INCIDENT_NOT_FOUND);
        if (endedAt.getTime() < row.startedAt.getTime()) throw invalid(`endedAt must not be before the incident started (${row.startedAt.toISOString()})`);
        if (row.endedAt?.getTime() === endedAt.getTime()) return;
        await setIncidentEnd(tx, id, endedAt, now);
        await recordAdminAction(tx, {
          actor,
          action: 'incident.end',
          target: { type: 'incident', id },
          before: { endedAt: row.endedAt?.toISOString() ?? null },
          after: { title: row.title, endedAt: endedAt.toISOString() },
        });
      });
      storeStatus.forget();
      const ended = await answer(id, '');
      const lasted = durationText(new Date(ended.incident.startedAt), endedAt);
      const offer = ended.incident.compensationOffered ? ' You can compensate the affected customers now.' : '';
      return { ...ended, message: `Incident ended after ${lasted}.${offer}` };
    },

    /**
     * POST /api/admin/incidents/:id/compensate: `days` more for every affected subscription, on
     * the store at once and on the panel by the job that follows; once per incident (409 after).
     */
    async compensate(id: string, days: number, actor: AuditActor): Promise<IncidentAction> {
      const now = clock.now();
      const outcome = await db.transaction(async (tx) => {
        const incident = await findIncident(tx, id, { lock: true });
        if (!incident) throw notFound(INCIDENT_NOT_FOUND);
        if (!(await claimCompensation(tx, id, { days, adminUsername: actor.username, now }))) return null;
        const scope = { packageIds: incident.packages?.map((pkg) => pkg.id) ?? null, startedBy: incident.endedAt ?? now };
        const extended = await extendForIncident(tx, scope, days, now);
        await recordCompensatedLines(
          tx,
          id,
          extended.map(({ id: subscriptionId, customerId, expiryBefore, expiryAfter }) => ({ subscriptionId, customerId, expiryBefore, expiryAfter })),
        );
        await tellCompensated(tx, incident, days, extended);
        const customers = new Set(extended.map((line) => line.customerId)).size;
        await recordAdminAction(tx, {
          actor,
          action: 'incident.compensate',
          target: { type: 'incident', id },
          before: { compensated: false },
          after: { title: incident.title, days, subscriptions: extended.length, customers },
        });
        return { subscriptions: extended.length, customers };
      });
      if (!outcome) {
        const earlier = await findCompensation(db, id);
        throw conflict(`This incident was already compensated: ${plural(earlier?.days ?? 0, 'day')} added by ${earlier?.adminUsername ?? 'another admin'}.`);
      }
      // The commit stands whatever happens next: a job that cannot be sent now is the pass's to do.
      await jobs.send(INCIDENT_JOBS.panelLines, { incidentId: id }, { singletonKey: id, requeueFailed: true }).catch((error: unknown) => {
        logger?.warn({ err: error, incidentId: id }, 'the compensation panel job was not sent; the pass does its lines');
      });
      const message =
        outcome.subscriptions === 0
          ? 'No running subscription was affected: nothing was extended.'
          : `Added ${plural(days, 'day')} to ${plural(outcome.subscriptions, 'subscription')} of ${plural(outcome.customers, 'customer')}; each customer was emailed. The panel follows in the background.`;
      return answer(id, message);
    },

    /** The pass's run: every compensated line still due on the panel. */
    runPanelPass: () => extendPanelLines(),
  };
}
