// The renewals feature's face (decision 0083): the automatic renewals' charge rows (one per subscription and period), their order, emails and
// confirmation links; the auto-renew switch's routes; the schedule's reminders and notice; the crypto renewal invoices' rows.
export {
  cancelOpenCharges,
  CHARGE_LEASE_BEAT_MS,
  chargeOfPeriod,
  chargeWithSubscription,
  claimCharge,
  dismissCharge,
  dueChargeIds,
  endCharge,
  markChargeSucceeded,
  markRequiresAction,
  recordAttempt,
  recordDecline,
  releaseAfterOutage,
  renewChargeLease,
  rescheduleNow,
  RENEWAL_BATCH,
  scheduleDueCharges,
  settlePaidConfirmations,
  type ClaimedCharge,
} from './charges';
export { isRenewalConfirmToken, renewalConfirmUrl } from './confirm-link';
export { renewalConfirmMail, renewalDeclinedMail, renewalSkippedMail, type RenewalMailFacts } from './mails';
export { adminRenewalRoutes, renewalRoutes } from './routes';
export { renewalStatesOf } from './renewal-states';
export { autoRenewRoutes } from './auto-renew-routes';
export { renewalNoticeMail } from './notice-mail';
export { placeRenewalOrder } from './renewal-order';
export { renewalMilestoneMail, packageRetiredMail } from './milestone-mails';
export {
  claimRenewalInvoice,
  invoiceOfOrder,
  isInvoicedOrder,
  openedRenewalInvoice,
  recordOpenedInvoice,
  recordRenewalOrder,
  releaseRenewalInvoice,
} from './crypto-invoices';
export { invoicedRenewal } from './invoiced-renewal';
