// The renewals feature's face (decision 0083): the automatic renewals' charge rows (one per subscription and period) and their
// confirmation links; the auto-renew switch's rule and routes; the crypto renewal invoices' rows; and every renewal email with
// its template, composed here and queued by the workflows (decision 0087).
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
// The renewals' emails, composed from the details their workflows give and queued by them (decisions 0084, 0087).
export { renewalConfirmMail, renewalDeclinedMail, renewalSkippedMail, type RenewalMailFacts } from './charge-emails';
export { packageRetiredMail, renewalMilestoneMail } from './reminder-emails';
export { renewalNoticeMail } from './charge-notice-email';
export { suspendedMail } from './suspended-email';
export { autoRenewOffMail } from './auto-renew-off-email';
// Each template and its sample data, for the preview catalogue (src/server/cli/email-samples.tsx).
export { AutoRenewOffEmail, autoRenewOffSample } from './auto-renew-off-template';
export { RenewalConfirmEmail, renewalConfirmSample } from './confirm-payment-template';
export { RenewalFailedEmail, renewalFailedSample, renewalSkippedSample } from './charge-failed-template';
export { RenewalReminderEmail, renewalNoticeSample, renewalReminderSample, suspendedSample, trialReminderSample, winBackSample } from './reminder-template';
