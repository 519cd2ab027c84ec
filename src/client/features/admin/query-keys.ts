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
};

/** Every key above starts with one of these paths: what a sign-in or sign-out clears. */
export const isAdminKey = (queryKey: readonly unknown[]) =>
  [adminKeys.session, adminKeys.stats, adminKeys.customers, adminKeys.notifications, adminKeys.owedGiftCards, adminKeys.coupons].some(([path]) => queryKey[0] === path);
