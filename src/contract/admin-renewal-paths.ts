/**
 * The admin's calls of the Renewals section, for the server and the pages. Kept apart from
 * the schemas (like admin-order-paths.ts) so that the client's routes module, which every
 * page loads, reads them without loading zod.
 */
const segment = encodeURIComponent;

export const adminRenewalPaths = {
  overview: '/api/admin/renewals',
  subscriptions: '/api/admin/renewals/subscriptions',
  retry: (renewalId: string) => `/api/admin/renewals/${segment(renewalId)}/retry`,
  dismiss: (renewalId: string) => `/api/admin/renewals/${segment(renewalId)}/dismiss`,
  cancelAutoRenew: (subscriptionId: string) => `/api/admin/renewals/subscriptions/${segment(subscriptionId)}/cancel-auto-renew`,
} as const;
