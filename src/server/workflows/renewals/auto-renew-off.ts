import type { DbOrTx } from '#server/db/connect';
import { findCustomer } from '#server/features/accounts/index';
import type { Mail } from '#server/features/mail/index';
import { autoRenewOffMail } from '#server/features/renewals/index';
import { switchAutoRenew, type SwitchedSubscription } from '#server/features/subscriptions/index';
import { packageOf } from './package-of';
import { localeOfSubscription } from './subscription-locale';

export interface AutoRenewOffDeps {
  mail: Pick<Mail, 'queue'>;
  config: { PUBLIC_URL: string; STORE_TIME_ZONE: string };
}

/**
 * Turns a subscription's automatic renewal off in the caller's transaction and confirms it to
 * its owner by email in the same transaction (decision 0044), whether the customer's switch
 * or an admin's 'Cancel auto-renew' turned it off; its times in the owner's zone (the store's
 * until theirs is known, decision 0074). The subscription when this call turned it off, null
 * when it was off already or is not there (`customerId`: not that customer's).
 */
export async function turnOffAutoRenew(
  tx: DbOrTx,
  { mail, config }: AutoRenewOffDeps,
  subscriptionId: string,
  now: Date,
  customerId?: string,
): Promise<SwitchedSubscription | null> {
  const off = await switchAutoRenew(tx, subscriptionId, false, now, customerId);
  if (!off) return null;
  const owner = await findCustomer(tx, off.customerId);
  if (owner) {
    const pkg = await packageOf(tx, off.packageId);
    const facts = { packageName: pkg?.name ?? off.packageId, deviceCount: off.deviceCount, expirationDate: off.expirationDate };
    const locale = await localeOfSubscription(tx, subscriptionId, owner.locale);
    const message = autoRenewOffMail({ to: owner.email, firstName: owner.firstName, timeZone: owner.timeZone ?? config.STORE_TIME_ZONE, ...facts, locale }, config.PUBLIC_URL);
    await mail.queue(tx, message, { key: `auto-renew-off:${subscriptionId}:${now.toISOString()}` });
  }
  return off;
}
