import {
  AUTO_RENEW_ALREADY_OFF,
  AUTO_RENEW_CANCELLED,
  RENEWAL_ALREADY_DISMISSED,
  RENEWAL_DISMISSED,
  RENEWAL_NOT_DISMISSIBLE,
  RENEWAL_NOT_RETRYABLE,
  RENEWAL_RETRY_MESSAGES,
} from '#contract/admin-renewals';
import type { Db } from '#server/db/connect';
import { conflict, notFound } from '#domain/errors';
import type { Clock } from '#server/lib/clock';
import { recordAdminAction } from '#server/features/audit/index';
import type { AuditActor } from '#domain/actors';
import { cancelOpenCharges, chargeWithSubscription, dismissCharge, rescheduleNow } from '#server/features/renewals/index';
import { firstOrderOf } from '#server/features/subscriptions/index';
import { turnOffAutoRenew, type AutoRenewOffDeps } from './auto-renew-off';
import type { RenewalCharges } from './charges';

export interface RenewalAdminDeps {
  db: Db;
  clock: Clock;
  renewalCharges: Pick<RenewalCharges, 'chargeNow'>;
  mail: AutoRenewOffDeps['mail'];
  config: AutoRenewOffDeps['config'];
}

/**
 * The admin's actions in the Renewals section (decision 0045): try a renewal's charge
 * again now, turn a subscription's automatic renewal off, or take a failed renewal off the
 * list (decision 0077). Each writes its audit row, naming
 * the admin, in the transaction of its change; the charge itself follows the commit, as a
 * pass would run it.
 */
export function createRenewalAdmin({ db, clock, renewalCharges, mail, config }: RenewalAdminDeps) {
  return {
    /** POST /api/admin/renewals/:renewalId/retry: due now, then charged under a new attempt's key. */
    async retry(renewalId: string, actor: AuditActor): Promise<{ message: string }> {
      const found = await chargeWithSubscription(db, renewalId);
      if (!found) throw notFound('Renewal not found');
      const now = clock.now();
      const rescheduled = await db.transaction(async (tx) => {
        const changed = await rescheduleNow(tx, renewalId, now);
        if (!changed) return false;
        await recordAdminAction(tx, {
          actor,
          action: 'renewal.retry',
          target: { type: 'order', id: found.subscription.orderId },
          before: { renewalStatus: changed.before.status, attempts: changed.before.attempts },
          after: { renewalStatus: changed.after.status, renewalId, periodEnd: changed.after.periodEnd.toISOString() },
        });
        return true;
      });
      if (!rescheduled) throw conflict(RENEWAL_NOT_RETRYABLE);
      const outcome = await renewalCharges.chargeNow(renewalId);
      return { message: RENEWAL_RETRY_MESSAGES[outcome ?? 'busy']! };
    },

    /** POST /api/admin/renewals/:renewalId/dismiss: off the list of failures; a second call changes nothing and says so. */
    async dismiss(renewalId: string, actor: AuditActor): Promise<{ message: string }> {
      const found = await chargeWithSubscription(db, renewalId);
      if (!found) throw notFound('Renewal not found');
      const now = clock.now();
      const dismissed = await db.transaction(async (tx) => {
        const charge = await dismissCharge(tx, renewalId, now);
        if (!charge) return false;
        await recordAdminAction(tx, {
          actor,
          action: 'renewal.dismiss',
          target: { type: 'order', id: found.subscription.orderId },
          before: { dismissed: false },
          after: { dismissed: true, renewalId, renewalStatus: charge.status, periodEnd: charge.periodEnd.toISOString() },
        });
        return true;
      });
      if (dismissed) return { message: RENEWAL_DISMISSED };
      const { charge } = (await chargeWithSubscription(db, renewalId)) ?? found;
      if (charge.dismissedAt) return { message: RENEWAL_ALREADY_DISMISSED };
      throw conflict(RENEWAL_NOT_DISMISSIBLE);
    },

    /** POST /api/admin/renewals/subscriptions/:subscriptionId/cancel-auto-renew: off at once, its open charges ended, the customer told. */
    async cancelAutoRenew(subscriptionId: string, actor: AuditActor): Promise<{ message: string }> {
      const now = clock.now();
      const switched = await db.transaction(async (tx) => {
        const off = await turnOffAutoRenew(tx, { mail, config }, subscriptionId, now);
        if (!off) {
          const orderId = await firstOrderOf(tx, subscriptionId);
          return orderId === null ? null : { turnedOff: false };
        }
        const ended = await cancelOpenCharges(tx, subscriptionId, now);
        await recordAdminAction(tx, {
          actor,
          action: 'renewal.cancel_auto_renew',
          target: { type: 'order', id: off.orderId },
          before: { autoRenew: true },
          after: { autoRenew: false, subscriptionId, cancelledRenewals: ended },
        });
        return { turnedOff: true };
      });
      if (!switched) throw notFound('Subscription not found');
      if (!switched.turnedOff) throw conflict(AUTO_RENEW_ALREADY_OFF);
      return { message: AUTO_RENEW_CANCELLED };
    },
  };
}
