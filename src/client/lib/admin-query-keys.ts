import type { CurrencyCode } from '#domain/currencies';
import { adminApiRoutes } from './admin-api-routes';

/** One page of an admin list: `q` is the search ('' for none). */
export interface ListPage {
  limit: number;
  offset: number;
  q: string;
}

/** The orders list's filters beside its search; '' for a filter not set. */
export interface OrderFilters {
  paymentStatus: string;
  needsReview: boolean;
  packageId: string;
  from: string;
  to: string;
}

/** The audit log's filters: the admin's username, the action and the order id; '' for a filter not set. */
export interface AuditFilters {
  actor: string;
  action: string;
  orderId: string;
}

/** The outbox's search: part of the recipient's address, '' for none. */
export interface OutboxFilters {
  recipient: string;
}

/**
 * Every admin query key. A list's key carries its page and search, so each page keeps its
 * own ETag; invalidating the bare path refreshes every page of that list.
 */
export const adminKeys = {
  session: [adminApiRoutes.session],
  twoFactor: [adminApiRoutes.twoFactor.status],
  staff: [adminApiRoutes.staff],
  staffSettings: [adminApiRoutes.staffSettings],
  stats: [adminApiRoutes.stats],
  customers: [adminApiRoutes.customers],
  customerPage: (page: ListPage) => [adminApiRoutes.customers, page] as const,
  notifications: [adminApiRoutes.purchaseNotifications],
  notificationPage: (page: ListPage) => [adminApiRoutes.purchaseNotifications, page] as const,
  owedGiftCards: [adminApiRoutes.owedGiftCards],
  owedGiftCardPage: (page: ListPage) => [adminApiRoutes.owedGiftCards, page] as const,
  coupons: [adminApiRoutes.coupons],
  couponPage: (page: ListPage) => [adminApiRoutes.coupons, page] as const,
  orders: [adminApiRoutes.list],
  orderPage: (page: ListPage, filters: OrderFilters) => [adminApiRoutes.list, page, filters] as const,
  order: (orderId: string) => [adminApiRoutes.list, 'detail', orderId] as const,
  packages: [adminApiRoutes.packages],
  revenue: [adminApiRoutes.revenue],
  revenueDays: (days: number, currency: CurrencyCode) => [adminApiRoutes.revenue, days, currency] as const,
  auditLog: [adminApiRoutes.auditLog],
  auditLogPage: (page: ListPage, filters: AuditFilters) => [adminApiRoutes.auditLog, page, filters] as const,
  outbox: [adminApiRoutes.outbox],
  outboxPage: (page: ListPage, filters: OutboxFilters) => [adminApiRoutes.outbox, page, filters] as const,
  panel: [adminApiRoutes.panel],
  deviceStatus: (deviceId: string) => [adminApiRoutes.deviceStatus(deviceId)],
  renewals: [adminApiRoutes.renewals],
  autoRenewingSubscriptions: [adminApiRoutes.autoRenewingSubscriptions],
  autoRenewingPage: (page: ListPage) => [adminApiRoutes.autoRenewingSubscriptions, page] as const,
  blocklist: [adminApiRoutes.blocklist],
  blocklistPage: (page: ListPage, kind: string) => [adminApiRoutes.blocklist, page, kind] as const,
  incidents: [adminApiRoutes.incidents],
  incidentPage: (page: ListPage) => [adminApiRoutes.incidents, page] as const,
  /** Under the list's key, so whatever refreshes the list refreshes the incident open beside it. */
  incident: (incidentId: string) => [adminApiRoutes.incidents, 'detail', incidentId] as const,
  policies: [adminApiRoutes.policies],
  tickets: [adminApiRoutes.tickets],
  ticketList: (filters: Record<string, string>) => [adminApiRoutes.tickets, filters] as const,
  /** Under the list's key, so a reply refreshes the inbox too. */
  ticket: (ticketId: string) => [adminApiRoutes.tickets, 'detail', ticketId] as const,
  ticketsOverview: [adminApiRoutes.ticketsOverview],
  ticketRatings: [adminApiRoutes.ticketRatings],
  cannedReplies: [adminApiRoutes.cannedReplies],
  supportSettings: [adminApiRoutes.supportSettings],
  trialBudget: [adminApiRoutes.trialBudget],
  trialConversion: [adminApiRoutes.trialConversion],
} as const;

/** Whether a key is an admin key (each one starts with a path above): what an admin sign-in or sign-out clears. */
export const isAdminKey = (queryKey: readonly unknown[]) => Object.values(adminKeys).some((key) => typeof key !== 'function' && key[0] === queryKey[0]);
