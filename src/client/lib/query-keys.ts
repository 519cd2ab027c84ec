/** One page of an admin list: `q` is the search ('' for none). */
export interface ListPage {
  limit: number;
  offset: number;
  q: string;
}

/**
 * Every admin query key. A list's key carries its page and search, so each page keeps its
 * own ETag; invalidating the bare path refreshes every page of that list.
 */
export const adminKeys = {
  session: ['/api/admin/auth'] as const,
  stats: ['/api/admin/stats'] as const,
  customers: ['/api/admin/customers'] as const,
  customerPage: (page: ListPage) => ['/api/admin/customers', page] as const,
  notifications: ['/api/purchase-notifications'] as const,
  notificationPage: (page: ListPage) => ['/api/purchase-notifications', page] as const,
  owedGiftCards: ['/api/admin/gift-cards/pending'] as const,
  owedGiftCardPage: (page: ListPage) => ['/api/admin/gift-cards/pending', page] as const,
  coupons: ['/api/admin/coupons'] as const,
  couponPage: (page: ListPage) => ['/api/admin/coupons', page] as const,
  orders: ['/api/admin/orders'] as const,
  orderPage: (page: ListPage, filters: OrderFilters) => ['/api/admin/orders', page, filters] as const,
  order: (orderId: string) => ['/api/admin/orders', 'detail', orderId] as const,
  packages: ['/api/admin/packages'] as const,
  revenue: ['/api/admin/revenue'] as const,
  revenueDays: (days: number) => ['/api/admin/revenue', days] as const,
  auditLog: ['/api/admin/audit-log'] as const,
  auditLogPage: (page: ListPage) => ['/api/admin/audit-log', page] as const,
  outbox: ['/api/admin/outbox'] as const,
  outboxPage: (page: ListPage) => ['/api/admin/outbox', page] as const,
};

/** The orders list's filters beside its search; '' for a filter not set. */
export interface OrderFilters {
  paymentStatus: string;
  needsReview: boolean;
  packageId: string;
  from: string;
  to: string;
}
export const NO_ORDER_FILTERS: OrderFilters = { paymentStatus: '', needsReview: false, packageId: '', from: '', to: '' };

/** Every key above starts with one of these paths: what a sign-in or sign-out clears. */
export const isAdminKey = (queryKey: readonly unknown[]) =>
  [
    adminKeys.session,
    adminKeys.stats,
    adminKeys.customers,
    adminKeys.notifications,
    adminKeys.owedGiftCards,
    adminKeys.coupons,
    adminKeys.orders,
    adminKeys.packages,
    adminKeys.revenue,
    adminKeys.auditLog,
    adminKeys.outbox,
  ].some(([path]) => queryKey[0] === path);
