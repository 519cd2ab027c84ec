/** One page of a list: `limit` rows after the first `offset` (docs/decisions 0012). */
export interface Page {
  limit: number;
  offset: number;
}

export interface PageOf<T> {
  items: T[];
  total: number;
}

/**
 * A filtered list's total, counted only when its page cannot tell it: a page with some rows
 * but fewer than its limit holds the last of the matches, so the total is the offset and
 * those rows; an empty first page means none. A search usually finds a few rows, and
 * counting its matches again was a second run of the search (decision 0053).
 */
export async function filteredTotal(rows: readonly unknown[], page: Page, count: () => PromiseLike<{ total: number }[]>): Promise<number> {
  if (rows.length > 0 && rows.length < page.limit) return page.offset + rows.length;
  if (rows.length === 0 && page.offset === 0) return 0;
  const [counted] = await count();
  return counted!.total;
}
