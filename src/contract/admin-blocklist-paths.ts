/**
 * The admin's calls of the Blocklist section (decision 0099), for the server and the pages,
 * apart from the schemas so that the client's routes module reads them without loading zod.
 */
const segment = encodeURIComponent;

export const adminBlocklistPaths = {
  list: '/api/admin/blocklist',
  entry: (entryId: string) => `/api/admin/blocklist/${segment(entryId)}`,
  /** "Block this buyer" on an order: its email, and its card and buyer address where known. */
  blockBuyer: (orderId: string) => `/api/admin/orders/${segment(orderId)}/block`,
} as const;
