// The renewals feature's face: the automatic renewals' charge rows (one per subscription and period), their emails and confirmation links.
export {
  cancelOpenCharges,
  chargeWithSubscription,
  claimCharge,
  dueChargeIds,
  endCharge,
  markChargeSucceeded,
  markRequiresAction,
  recordAttempt,
  recordDecline,
  releaseAfterOutage,
  rescheduleNow,
  scheduleDueCharges,
  settlePaidConfirmations,
  type ClaimedCharge,
  type RenewalChargeRow,
} from './charges';
export { isRenewalConfirmToken, renewalConfirmUrl } from './confirm-link';
export { cardLabel, renewalConfirmMail, renewalFailedMail, renewalSkippedMail, RENEWAL_MAIL_SUBJECTS, type RenewalMailFacts } from './mails';
export { adminRenewalRoutes, renewalRoutes } from './routes';
