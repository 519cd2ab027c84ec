import { describe, expect, it } from 'vitest';
import { filteredTotal } from '../../src/server/features/reports/page-total';

describe("a filtered list's total", () => {
  const counted = (total: number) => {
    const calls: number[] = [];
    return { calls, count: async () => (calls.push(total), [{ total }]) };
  };

  it('is told by a page with fewer rows than its limit, without a count', async () => {
    const { calls, count } = counted(999);
    expect(await filteredTotal([1, 2, 3], { limit: 100, offset: 0 }, count)).toBe(3);
    expect(await filteredTotal([1, 2], { limit: 100, offset: 200 }, count)).toBe(202);
    expect(await filteredTotal([], { limit: 100, offset: 0 }, count)).toBe(0);
    expect(calls).toEqual([]);
  });

  it('is counted for a full page and for an empty page past the first', async () => {
    const { calls, count } = counted(250);
    expect(await filteredTotal([1, 2], { limit: 2, offset: 0 }, count)).toBe(250);
    expect(await filteredTotal([], { limit: 100, offset: 300 }, count)).toBe(250);
    expect(calls).toEqual([250, 250]);
  });
});
