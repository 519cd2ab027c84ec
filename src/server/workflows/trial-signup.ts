import { checkoutRequestSchema } from '#contract/checkout';
import { TRIAL_PACKAGE_ID } from '#domain/catalog';
import type { Db } from '#server/db/connect';
import type { Caller, NewAccount } from '#server/features/accounts/index';
import type { AccountLinks } from './account-links';
import { freeTrialRefusal, type TrialTime } from '#server/features/checkout/index';
import type { BlocklistWorkflow } from './blocklist';
import type { PaidOrderWorkflow } from './paid-order';
import type { PlaceOrderWorkflow } from './place-order';

export interface TrialSignupDeps {
  db: Db;
  accountLinks: Pick<AccountLinks, 'register'>;
  placeOrder: PlaceOrderWorkflow;
  paidOrder: Pick<PaidOrderWorkflow, 'provisionNow'>;
  blocklist: Pick<BlocklistWorkflow, 'refuseBlocked'>;
  trialTime: () => TrialTime;
}

/**
 * POST /api/register-trial: sign-up with the 36-hour trial. The account, then the trial as a
 * free order through the checkout, so the trial is provisioned exactly as a purchase is and
 * the checkout's one-trial-per-address-and-browser rule holds. A trial that cannot be given
 * is refused before any account is made; `onAccount` signs the new account in before its
 * order. The subscription is provisioned at once rather than by the order's job, so the
 * account page shows it on arrival; should that fail, the job still provisions it.
 */
export function createTrialSignupWorkflow({ db, accountLinks, placeOrder, paidOrder, blocklist, trialTime }: TrialSignupDeps) {
  return {
    async signUpWithTrial(
      account: NewAccount,
      { caller, browserId, onAccount }: { caller: Caller; browserId: string; onAccount: (customerId: string) => Promise<void> },
    ) {
      // A blocked buyer gets no account either (decision 0099).
      await blocklist.refuseBlocked({ email: account.email, ip: caller.ip }, 'trial_sign_up', caller.log);
      const refusal = await freeTrialRefusal(db, { email: account.email, browserId, ip: caller.ip }, trialTime());
      if (refusal) throw refusal;
      const customer = await accountLinks.register(account, caller);
      await onAccount(customer.id);
      const trialOrder = checkoutRequestSchema.parse({
        firstName: account.firstName,
        lastName: account.lastName,
        email: account.email,
        phone: account.phone,
        packageId: TRIAL_PACKAGE_ID,
        deviceCount: 1,
        locale: account.locale,
      });
      const context = { customerId: customer.id, browserId, ip: caller.ip, browserLocale: account.browserLocale, log: caller.log };
      const { order } = await placeOrder.checkout(trialOrder, context);
      await paidOrder
        .provisionNow(order.id)
        .catch((error: unknown) => caller.log.error({ err: error, orderId: order.id }, 'provisioning the trial at sign-up failed; its job retries'));
      return customer;
    },
  };
}
