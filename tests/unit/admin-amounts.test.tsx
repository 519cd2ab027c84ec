// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AdminStats } from '../../src/contract/admin';
import { currencyFigures, dollars, formatAmount } from '../../src/client/features/admin/shared/admin-view';
import { RevenueByCurrency } from '../../src/client/features/admin/shared/RevenueByCurrency';
import { revenueSummary } from '../../src/client/features/admin/shared/revenue-chart';
import { calls, EMPTY_ADMIN, EMPTY_STATS, json, renderAt, serve, useAdminUi as setUpAdminUi } from '../support/admin-ui';

/** The admin's amounts in their currency (decision 0105): one helper, and the dashboard's panel per currency. */

const revenue: AdminStats['revenue'] = {
  total: '15.99',
  thisMonth: '15.99',
  paidOrders: 1,
  byCurrency: { USD: '15.99', EUR: '25.98', BRL: '12480.50' },
  thisMonthByCurrency: { USD: '15.99', EUR: '14.99', BRL: '0.00' },
  paidOrdersByCurrency: { USD: 1, EUR: 2, BRL: 1200 },
};

setUpAdminUi();
beforeAll(() => import('../../src/client/features/admin/operations/RevenueTab'));

describe('an amount in its currency', () => {
  it('writes each supported currency with its own symbol, in the English the admin reads', () => {
    expect(formatAmount('15.99', 'USD')).toBe('$15.99');
    expect(formatAmount('14.99', 'EUR')).toBe('€14.99');
    expect(formatAmount('79.90', 'BRL')).toBe('R$79.90');
    expect(formatAmount('12.99', 'GBP')).toBe('£12.99');
  });

  it('groups thousands, keeps the sign and totals past one order\'s eight digits, and shows any other text as it came', () => {
    expect(formatAmount('1234567890.50', 'EUR')).toBe('€1,234,567,890.50');
    expect(formatAmount('-5.00', 'BRL')).toBe('-R$5.00');
    expect(formatAmount('0.00', 'GBP')).toBe('£0.00');
    expect(formatAmount('N/A', 'EUR')).toBe('N/A');
    expect(dollars('12480.50')).toBe('$12,480.50');
  });
});

describe("the dashboard's revenue by currency", () => {
  it('gives one row per currency with revenue, USD first, never a sum across them', () => {
    expect(currencyFigures(revenue)).toEqual([
      { currency: 'USD', total: '$15.99', thisMonth: '$15.99', paidOrders: 1 },
      { currency: 'EUR', total: '€25.98', thisMonth: '€14.99', paidOrders: 2 },
      { currency: 'BRL', total: 'R$12,480.50', thisMonth: 'R$0.00', paidOrders: 1200 },
    ]);
    expect(currencyFigures({ ...revenue, byCurrency: { USD: '0.00' } })).toEqual([{ currency: 'USD', total: '$0.00', thisMonth: '$15.99', paidOrders: 1 }]);
  });

  it('shows the panel as a list of each currency, and a placeholder while the figures load', () => {
    const { rerender } = render(<RevenueByCurrency revenue={revenue} />);
    const panel = screen.getByRole('region', { name: 'Revenue by currency' });
    const entries = [...panel.querySelectorAll('dl > div')].map((entry) => [...entry.children].map((field) => field.textContent));
    expect(entries).toEqual([
      ['USD', '$15.99', 'This month $15.99 · 1 paid order'],
      ['EUR', '€25.98', 'This month €14.99 · 2 paid orders'],
      ['BRL', 'R$12,480.50', 'This month R$0.00 · 1,200 paid orders'],
    ]);
    rerender(<RevenueByCurrency revenue={undefined} />);
    expect(screen.getByRole('region', { name: 'Revenue by currency' }).querySelector('dl')).toBeNull();
  });
});

describe('the Revenue tab, one currency at a time', () => {
  it('charts USD first, then the currency chosen, its amounts in it', async () => {
    serve({
      ...EMPTY_ADMIN,
      'GET /api/admin/stats': () => json(200, EMPTY_STATS),
      'GET /api/admin/revenue': (_init, url) => {
        const currency = url.searchParams.get('currency')!;
        return json(200, [
          { date: '2026-12-03', revenue: '0.00', orders: 0, currency },
          { date: '2026-12-04', revenue: currency === 'EUR' ? '25.98' : '15.99', orders: currency === 'EUR' ? 2 : 1, currency },
        ]);
      },
    });
    const { user } = renderAt('/admin?tab=revenue');
    expect(await screen.findByRole('img', { name: 'Revenue, last 30 days' })).toBeTruthy();
    expect(screen.getByText(/^\$15\.99 in the last 30 days/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'EUR' }));
    expect(await screen.findByRole('img', { name: 'Revenue in EUR, last 30 days' })).toBeTruthy();
    expect(await screen.findByText(/^€25\.98 in the last 30 days; the best day was Dec 4 with €25\.98\.$/)).toBeTruthy();
    expect(screen.getByTestId('revenue-orders').textContent).toBe('2 paid orders');
    expect(screen.getByRole('button', { name: 'EUR' }).getAttribute('aria-pressed')).toBe('true');
    expect(calls('GET', '/api/admin/revenue').map((call) => call.url.searchParams.get('currency'))).toEqual(['USD', 'EUR']);
  });

  it('sums and words the days in their currency', () => {
    const days = [
      { date: '2026-12-03', revenue: '79.90' },
      { date: '2026-12-04', revenue: '10.00' },
    ];
    expect(revenueSummary(days, 7, 'BRL')).toBe('R$89.90 in the last 7 days; the best day was Dec 3 with R$79.90.');
  });
});
