import { adminOrderPaths } from '#contract/admin-order-paths';
import { adminBlocklistPaths } from '#contract/admin-blocklist-paths';
import { adminIncidentPaths } from '#contract/admin-incident-paths';
import { adminRenewalPaths } from '#contract/admin-renewal-paths';
import { adminStaffPaths } from '#contract/admin-staff';
import { adminTwoFactorPaths } from '#contract/admin-two-factor';

const segment = encodeURIComponent;

/** The administrator's calls; the ones on one order are the contract's, shared with the server. */
export const adminApiRoutes = {
  ...adminOrderPaths,
  login: '/api/admin/login',
  session: '/api/admin/auth',
  logout: '/api/admin/logout',
  /** Two-factor sign-in, from My account (decision 0096). */
  twoFactor: adminTwoFactorPaths,
  customers: '/api/admin/customers',
  createCustomer: '/api/admin/create-customer',
  purchaseNotifications: '/api/purchase-notifications',
  stats: '/api/admin/stats',
  owedGiftCards: '/api/admin/gift-cards/pending',
  coupons: '/api/admin/coupons',
  coupon: (code: string) => `/api/admin/coupons/${segment(code)}`,
  packages: '/api/admin/packages',
  package: (packageId: string) => `/api/admin/packages/${segment(packageId)}`,
  shipment: (orderId: string) => `/api/admin/shipments/${segment(orderId)}`,
  revenue: '/api/admin/revenue',
  auditLog: '/api/admin/audit-log',
  outbox: '/api/admin/outbox',
  /** The provisioning panel's checks, credits and alerts (System > Panel, decision 0093). */
  panel: '/api/admin/panel',
  /** Any customer's device, as the account page's calls on one device. */
  deviceStatus: (deviceId: string) => `/api/admin/devices/${segment(deviceId)}/status`,
  device: (deviceId: string) => `/api/admin/devices/${segment(deviceId)}`,
  devicePassword: (deviceId: string) => `/api/admin/devices/${segment(deviceId)}/password`,
  deviceIspReset: (deviceId: string) => `/api/admin/devices/${segment(deviceId)}/isp-reset`,
  deviceDisable: (deviceId: string) => `/api/admin/devices/${segment(deviceId)}/disable`,
  deviceEnable: (deviceId: string) => `/api/admin/devices/${segment(deviceId)}/enable`,
  /** Every device of one subscription off at once (abuse), and the customer kept from turning them on; enable lifts it. */
  disableSubscriptionDevices: (subscriptionId: string) => `/api/admin/subscriptions/${segment(subscriptionId)}/disable-devices`,
  enableSubscriptionDevices: (subscriptionId: string) => `/api/admin/subscriptions/${segment(subscriptionId)}/enable-devices`,
  /** Automatic renewals: the forecast and failures, every auto-renewing subscription, and the actions on them. */
  renewals: adminRenewalPaths.overview,
  autoRenewingSubscriptions: adminRenewalPaths.subscriptions,
  retryRenewal: adminRenewalPaths.retry,
  dismissRenewal: adminRenewalPaths.dismiss,
  cancelAutoRenew: adminRenewalPaths.cancelAutoRenew,
  /** The status page's incidents (decision 0094): the list (GET, POST), one incident (GET, PATCH its end) and its compensation. */
  /** The blocklist (decision 0099): the list (GET, POST), one entry (DELETE), and "Block this buyer" of an order. */
  blocklist: adminBlocklistPaths.list,
  blocklistEntry: adminBlocklistPaths.entry,
  blockBuyer: adminBlocklistPaths.blockBuyer,
  /** A dispute's evidence, sent to the bank by the owner (decision 0100). */
  submitDisputeEvidence: (orderId: string) => `/api/admin/orders/${segment(orderId)}/dispute/submit`,
  incidents: adminIncidentPaths.list,
  incident: adminIncidentPaths.detail,
  compensateIncident: adminIncidentPaths.compensate,
  /** The store's policies (decision 0097): all of them (GET), one edited (PUT), a draft previewed (POST). */
  policies: '/api/admin/policies',
  policy: (name: string) => `/api/admin/policies/${segment(name)}`,
  policyPreview: '/api/admin/policies/preview',
  /** Staff and their roles, the owner's two-factor rule, and each member's own password (decision 0098). */
  staff: adminStaffPaths.list,
  staffMember: (id: string) => `/api/admin/staff/${segment(id)}`,
  staffSettings: adminStaffPaths.settings,
  password: adminStaffPaths.password,
  /** The support inbox (decision 0102). */
  tickets: '/api/admin/tickets',
  ticketsOverview: '/api/admin/tickets/overview',
  ticketRatings: '/api/admin/tickets/ratings',
  ticket: (ticketId: string) => `/api/admin/tickets/${segment(ticketId)}`,
  ticketMessages: (ticketId: string) => `/api/admin/tickets/${segment(ticketId)}/messages`,
  ticketGoodwill: (ticketId: string) => `/api/admin/tickets/${segment(ticketId)}/goodwill`,
  ticketDeviceAction: (ticketId: string, deviceId: string, action: string) => `/api/admin/tickets/${segment(ticketId)}/devices/${segment(deviceId)}/${segment(action)}`,
  ticketAttachment: (attachmentId: string) => `/api/admin/tickets/attachments/${segment(attachmentId)}`,
  cannedReplies: '/api/admin/canned-replies',
  cannedReply: (id: string) => `/api/admin/canned-replies/${segment(id)}`,
  supportSettings: '/api/admin/support/settings',
  /** The owner's daily trial budget (GET, PATCH) and trials -> paid by week (decision 0101). */
  trialBudget: '/api/admin/trial-budget',
  trialConversion: '/api/admin/trial-conversion',
} as const;
