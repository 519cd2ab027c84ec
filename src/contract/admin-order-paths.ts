/**
 * The admin's calls on one order, in one place for the server and the pages. Kept apart
 * from the schemas (like paging.ts) so that the client's routes module, which every page
 * loads, reads them without loading zod.
 */
export const adminOrderPaths = {
  list: '/api/admin/orders',
  detail: (orderId: string) => `/api/admin/orders/${encodeURIComponent(orderId)}`,
  giftCard: (orderId: string) => `/api/admin/orders/${encodeURIComponent(orderId)}/gift-card`,
  refund: (orderId: string) => `/api/admin/orders/${encodeURIComponent(orderId)}/refund`,
  /** Completes a needs_review order as it stands (the discount honoured, a part payment accepted) and provisions it. */
  honour: (orderId: string) => `/api/admin/orders/${encodeURIComponent(orderId)}/honour`,
  retryProvisioning: (orderId: string) => `/api/admin/orders/${encodeURIComponent(orderId)}/retry-provisioning`,
  ordersCsv: '/api/admin/export/orders.csv',
  customersCsv: '/api/admin/export/customers.csv',
} as const;
