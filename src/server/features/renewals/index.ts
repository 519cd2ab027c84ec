// The renewals feature's face (decision 0083): the automatic renewals' charge rows (one per subscription and period), their order, emails and
// confirmation links; the auto-renew switch's routes; the schedule's reminders and notice; the crypto renewal invoices' rows.
export {
  cancelOpenCharges,
  CHARGE_LEASE_BEAT_MS,
  chargeOfPeriod,
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
  settlePaidConfirmations,
} from './charges';
export { isRenewalConfirmToken, renewalConfirmUrl } from './confirm-link';
export { adminRenewalRoutes, renewalRoutes } from './routes';
export { chargeWithSubscription, claimCharge, renewalStatesOf, scheduleDueCharges, type ClaimedCharge } from './subscription-charges';
export { autoRenewRoutes } from './auto-renew-routes';
export { assertCanTurnOn } from './auto-renew-switch';
export {
  claimRenewalInvoice,
  invoiceOfOrder,
  isInvoicedOrder,
  openedRenewalInvoice,
  recordOpenedInvoice,
  recordRenewalOrder,
  releaseRenewalInvoice,
  type RenewalInvoiceRow,
} from './crypto-invoices';
