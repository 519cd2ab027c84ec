import { describe, expect, it } from 'vitest';
import { adminDate, adminDateTime, adminStatusBadge, dollars, pageSummary, shortOrderId, timeAgo } from '../../src/client/features/admin/shared/admin-view';
import { revenueBars, revenueSummary } from '../../src/client/features/admin/shared/revenue-chart';

describe("the admin pages' view of a record (spec sections 2, 4 and 9)", () => {
  it('colours the status: active green, expired red, pending_activation yellow, any other grey, underscores as spaces', () => {
    expect(adminStatusBadge('active')).toEqual({ label: 'active', variant: 'success' });
    expect(adminStatusBadge('expired')).toEqual({ label: 'expired', variant: 'destructive' });
    expect(adminStatusBadge('pending_activation')).toEqual({ label: 'pending activation', variant: 'warning' });
    expect(adminStatusBadge('on_hold_by_admin')).toEqual({ label: 'on hold by admin', variant: 'secondary' });
  });

  it('shows the last 8 characters of the order id', () => {
    expect(shortOrderId('SP-1712345678901-123')).toBe('8901-123');
    expect(shortOrderId('SP-1')).toBe('SP-1');
  });

  it('shows money with a dollar sign and two decimals, grouping thousands of a large total', () => {
    expect(dollars('15.99')).toBe('$15.99');
    expect(dollars('0.00')).toBe('$0.00');
    expect(dollars('1234567890.50')).toBe('$1,234,567,890.50');
    expect(dollars('-5.99')).toBe('-$5.99');
  });

  it("dates a payment as 'MMM d, yyyy' in the store's time zone, or N/A without one", () => {
    expect(adminDate('2025-06-10T12:00:00Z', 'UTC')).toBe('Jun 10, 2025');
    expect(adminDate('2025-11-25T14:55:00Z', 'UTC')).toBe('Nov 25, 2025');
    expect(adminDate('2025-11-25T14:55:00Z', 'Pacific/Auckland')).toBe('Nov 26, 2025');
    expect(adminDate('2025-11-26T02:00:00Z', 'America/Los_Angeles')).toBe('Nov 25, 2025');
    expect(adminDate(null, 'UTC')).toBe('N/A');
    expect(adminDate('not a date', 'UTC')).toBe('N/A');
  });

  it("writes a time on the store's clock: 'MMM d, yyyy, h:mm AM'", () => {
    expect(adminDateTime('2025-11-25T14:55:00Z', 'UTC')).toBe('Nov 25, 2025, 2:55 PM');
    expect(adminDateTime('2025-11-25T14:55:00Z', 'Pacific/Auckland')).toBe('Nov 26, 2025, 3:55 AM');
    expect(adminDateTime('2025-11-25T11:05:00Z', 'Pacific/Auckland')).toBe('Nov 26, 2025, 12:05 AM');
    expect(adminDateTime(null, 'UTC')).toBe('N/A');
  });

  it("says how long ago a purchase was: '5 minutes ago'", () => {
    expect(timeAgo('2025-06-10T11:55:00Z', Date.parse('2025-06-10T12:00:00Z'))).toBe('5 minutes ago');
  });

  it('summarises a page of a list against the x-total-count total', () => {
    expect(pageSummary(0, 25, 60, 25)).toEqual({ text: '1-25 of 60', hasPrevious: false, hasNext: true });
    expect(pageSummary(50, 10, 60, 25)).toEqual({ text: '51-60 of 60', hasPrevious: true, hasNext: false });
    expect(pageSummary(0, 0, 0, 25)).toEqual({ text: '0 of 0', hasPrevious: false, hasNext: false });
    expect(pageSummary(1000, 25, 100000, 25).text).toBe('1,001-1,025 of 100,000');
    // Without the header, a full page suggests there may be another.
    expect(pageSummary(0, 25, null, 25).hasNext).toBe(true);
  });
});

describe("the dashboard's 30-day revenue chart", () => {
  const days = Array.from({ length: 30 }, (_, index) => ({ date: `2025-06-${String(index + 1).padStart(2, '0')}`, revenue: index === 9 ? '120.00' : index === 19 ? '30.00' : '0.00' }));

  it('draws one bar per day scaled to the best day, with a sliver for days without revenue', () => {
    const bars = revenueBars(days);
    expect(bars).toHaveLength(30);
    expect(bars[9]).toMatchObject({ height: 100, y: 0, empty: false, label: 'Jun 10: $120.00' });
    expect(bars[19]!.height).toBe(25);
    expect(bars[0]).toMatchObject({ height: 1, empty: true });
    expect(bars[29]!.x + bars[29]!.width).toBeLessThanOrEqual(300);
  });

  it('says in words what the bars show, for screen readers', () => {
    expect(revenueSummary(days)).toBe('$150.00 in the last 30 days; the best day was Jun 10 with $120.00.');
    expect(revenueSummary(days.map((day) => ({ ...day, revenue: '0.00' })))).toBe('No revenue in the last 30 days.');
  });
});
