// The disputes feature's face (decision 0100): card disputes and early fraud warnings as the
// provider reports them, each table written here; their emails. The disputes workflow joins them
// to the orders, the subscriptions' lines, the blocklist, the refunds and the audit log.
export {
  claimEarlyFraudWarning,
  claimEvidenceSubmission,
  disputeOfOrder,
  isClosedDispute,
  keepDisputeEvidence,
  ordersEverDisputed,
  recordDispute,
  releaseEvidenceSubmission,
  type DisputeRow,
} from './records';
export { disputeCustomerMail, disputeOwnerMail } from './emails';
export { adminDisputeRoutes, demoBankRoutes } from './routes';
